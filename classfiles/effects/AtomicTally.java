import java.util.concurrent.atomic.AtomicInteger;

/** Nondeterministic but intended: atomic increments in either order; the total is the same. */
public class AtomicTally {
    static final AtomicInteger tally = new AtomicInteger();

    static class Add extends Thread {
        public void run() {
            tally.incrementAndGet();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Add();
        Thread b = new Add();
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("tally " + tally.get());
    }
}
