// The negative twin of classfiles/capped-counter: `add` checks the cap
// with `>` instead of `>=` (an off-by-one), so the counter takes a fifth
// add and main's check fails. `proofs/capped-counter-over.proof` must not
// prove it.
// (Its lines are those of classfiles/capped-counter, line for line, so
// that facts keyed by source line, as in
// invariants/capped-counter-inferred.inv, name the same code.)
class Full extends RuntimeException {
}

class Counter {
    // Made once, while main alone runs (Counter's initializer).
    static final Full FULL = new Full();
    static final int CAP = 4;
    int total;

    synchronized void add() {
        if (total > CAP) {
            throw FULL;
        }
        total++;
    }
}

class Worker implements Runnable {
    private final Counter c;
    // Only this worker's thread writes them, holding the counter's lock.
    private int added;
    private int refused;

    Worker(Counter c) {
        this.c = c;
    }

    public void run() {
        while (added + refused < 3) {
            synchronized (c) {
                try {
                    c.add();
                    added++;
                } catch (Full e) {
                    refused++;
                }
            }
        }
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Thread a = new Thread(new Worker(c));
        Thread b = new Thread(new Worker(c));
        a.start();
        b.start();
        a.join();
        b.join();
        if (c.total != Counter.CAP) {
            throw new AssertionError("wrong total");
        }
    }
}
