import java.util.List;

/** A determinism violation: main updates a static inside forEach's lambda while a thread writes it. */
public class CallbackRace {
    static int shared;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> shared = 10);
        t.start();
        List.of(1, 2).forEach(x -> shared += x);
        t.join();
        System.out.println("shared " + shared);
    }
}
