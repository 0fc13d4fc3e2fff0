import java.util.concurrent.atomic.AtomicInteger;

// A counter in the JDK's own AtomicInteger, incremented by a thread and by
// main. The prover does not model the JDK's classes (its Unsafe
// compare-and-set beneath incrementAndGet): proofs/juc-atomic-unknown.proof
// expects "unknown", never "proved" or "refuted".
public class Main {
    static final AtomicInteger n = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(n::incrementAndGet);
        t.start();
        n.incrementAndGet();
        t.join();
    }
}
