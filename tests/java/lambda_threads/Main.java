// Threads started with lambdas and method references, the usual way:
// a shared counter under a lock, joined, and a bound `this::work`.
public class Main {
    private int count;
    private final Object lock = new Object();

    void work() {
        for (int i = 0; i < 50; i++) {
            synchronized (lock) {
                count++;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Main m = new Main();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            int id = i;
            ts[i] = new Thread(() -> {
                for (int j = 0; j <= id; j++) {
                    synchronized (m.lock) {
                        m.count += 10;
                    }
                }
            }, "worker-" + i);
        }
        Thread w = new Thread(m::work);
        for (Thread t : ts) {
            t.start();
        }
        w.start();
        for (Thread t : ts) {
            t.join();
        }
        w.join();
        System.out.println(m.count);
        System.out.println(ts[2].getName());
        Runnable r = () -> System.out.println("in " + Thread.currentThread().getName());
        Thread n = new Thread(r, "named");
        n.start();
        n.join();
    }
}
