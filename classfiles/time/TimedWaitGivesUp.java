// A timed wait that gives up: main waits at most 50 ms (by the clock) for the
// worker's signal, then proceeds as if it had come. A schedule in which the
// timeout passes before the worker runs exists (the clock is virtual: any
// number of other threads' steps may happen before the timeout), so the
// assertion fails in some schedule.
public class TimedWaitGivesUp {
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
            if (!ready) {
                throw new AssertionError("gave up waiting");
            }
        }
        worker.join();
    }
}
