// Sleeping is not synchronization: main sleeps "long enough" for the worker
// to publish its result, which on HotSpot it always does; but a schedule in
// which the worker has not run yet when the sleep times out exists, and the
// explorer finds it (every access is locked, so it is no data race).
public class SleepHandoff {
    static int result;

    static synchronized void publish(int v) { result = v; }
    static synchronized int read() { return result; }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> publish(42));
        worker.start();
        Thread.sleep(100);
        if (read() != 42) {
            throw new AssertionError("worker has not published yet");
        }
        worker.join();
    }
}
