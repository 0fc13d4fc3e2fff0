// A thread started with a lambda that captures a lock and adds to a
// static counter under it; main joins it. (tests/it/infer.rs: inference
// writes cases for the lambda's frames, `Main$$Lambda$1.run`.)
public class Main {
    static int hits;

    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        Thread a = new Thread(() -> {
            synchronized (lock) {
                hits++;
            }
        });
        a.start();
        a.join();
    }
}
