// TimedWaitGivesUp fixed: a timeout only means "look again", so main waits
// until the signal has come. Nothing reads the clock here, so the retries
// revisit their states and the search ends.
public class TimedWaitRetry {
    static final Object lock = new Object();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            synchronized (lock) {
                ready = true;
                lock.notifyAll();
            }
        });
        worker.start();
        synchronized (lock) {
            while (!ready) {
                lock.wait(10);
            }
        }
        worker.join();
    }
}
