// TimedWaitGivesUp fixed another way: after waiting 50 ms by the clock, main
// stops counting time and waits for the signal itself. The clock is read, so
// it is part of every state the search compares.
public class TimedWaitFallback {
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
            long deadline = System.nanoTime() + 50_000_000L;
            long left = 50;
            while (!ready && left > 0) {
                lock.wait(left);
                left = (deadline - System.nanoTime()) / 1_000_000L;
            }
            while (!ready) {
                lock.wait();
            }
        }
        worker.join();
    }
}
