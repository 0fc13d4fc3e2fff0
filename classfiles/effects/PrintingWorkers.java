/** Nondeterministic: two threads print; the lines come in either order. */
public class PrintingWorkers {
    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> System.out.println("a"));
        Thread b = new Thread(() -> System.out.println("b"));
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
