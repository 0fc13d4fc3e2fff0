// SleepHandoff fixed: join orders the worker's write before main's read.
public class SleepHandoffJoin {
    static int result;

    static synchronized void publish(int v) { result = v; }
    static synchronized int read() { return result; }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> publish(42));
        worker.start();
        Thread.sleep(100);
        worker.join();
        if (read() != 42) {
            throw new AssertionError("worker has not published yet");
        }
    }
}
