// Exercises an uncaught exception in a non-main thread: that thread dies (report on stderr), join returns, main continues, exit code 0.
public class Main {
    static int progress;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread() {
            public void run() {
                synchronized (Main.class) { progress = 1; }
                Object o = null;
                synchronized (Main.class) { progress = 2; }
                throw new IllegalStateException("thread failure");
            }
        };
        t.start();
        t.join();
        synchronized (Main.class) {
            System.out.println("thread progress " + progress);
        }
        final Object lock = new Object();
        Thread t2 = new Thread(new Runnable() {
            public void run() {
                synchronized (lock) {
                    progress = 3;
                    int z = progress - 3;
                    progress = 10 / z;
                }
            }
        });
        t2.start();
        t2.join();
        synchronized (lock) {
            System.out.println("lock released by dying thread, progress " + progress);
        }
        System.out.println("main finishes normally");
    }
}
