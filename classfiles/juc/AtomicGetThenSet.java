import java.util.concurrent.atomic.AtomicInteger;

/** A thread and main each read an AtomicInteger, then set it: not atomic together. */
public class AtomicGetThenSet {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger n = new AtomicInteger();
        Runnable inc = () -> n.set(n.get() + 1);
        Thread t = new Thread(inc);
        t.start();
        inc.run();
        t.join();
        if (n.get() != 2) {
            throw new AssertionError("lost increment: " + n.get());
        }
    }
}
