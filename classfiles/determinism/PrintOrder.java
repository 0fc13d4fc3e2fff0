// Race-free but nondeterministic: two threads append their names to a log
// under one monitor, so the log reads "ab" or "ba" depending on the order.
public class PrintOrder {
    static final Object lock = new Object();
    static String log = "";

    static class Worker extends Thread {
        final String name;

        Worker(String name) {
            this.name = name;
        }

        public void run() {
            synchronized (lock) {
                log = log + name;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Worker("a");
        Thread b = new Worker("b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("log: " + log);
    }
}
