// Race-free: a counter every thread increments and main reads under one
// monitor.
public class FreeMonitor {
    static final Object lock = new Object();
    static int hits;

    static class Hitter extends Thread {
        public void run() {
            for (int i = 0; i < 2; i++) {
                synchronized (lock) {
                    hits++;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Hitter();
        Thread b = new Hitter();
        a.start();
        b.start();
        synchronized (lock) {
            hits += 10;
        }
        a.join();
        b.join();
        synchronized (lock) {
            System.out.println(hits);
        }
    }
}
