import java.util.ArrayList;
import java.util.List;

/** Nondeterministic: the writer is taken out of the list before the join loop, so main may read before it wrote. */
public class RemovedFromList {
    static int first;

    public static void main(String[] args) throws InterruptedException {
        List<Thread> ts = new ArrayList<>();
        Thread writer = new Thread(() -> first = 5);
        ts.add(writer);
        writer.start();
        Thread idle = new Thread(() -> {});
        ts.add(idle);
        idle.start();
        ts.remove(0);
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("first " + first);
    }
}
