import java.util.concurrent.atomic.AtomicInteger;

/**
 * A thread increments an AtomicInteger (a compare-and-set by Unsafe, no
 * putfield); main reads it once. Whether main sees 1 depends on the
 * schedule: the search must branch at main's read, so the explorer's write
 * analysis has to know that Unsafe writes fields.
 */
public class AtomicSeenByReader {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger n = new AtomicInteger();
        Thread t = new Thread(n::incrementAndGet);
        t.start();
        int seen = n.get();
        t.join();
        if (seen == 1) {
            throw new AssertionError("saw the increment");
        }
    }
}
