import java.util.concurrent.atomic.AtomicInteger;

/** AtomicGetThenSet fixed: incrementAndGet (a compare-and-set loop). */
public class AtomicIncrement {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger n = new AtomicInteger();
        Runnable inc = n::incrementAndGet;
        Thread t = new Thread(inc);
        t.start();
        inc.run();
        t.join();
        if (n.get() != 2) {
            throw new AssertionError("lost increment: " + n.get());
        }
    }
}
