// Two threads, each made with `new Thread(runnable)`, try three times each
// to add 1 to a counter capped at 4. A full counter refuses by throwing a
// preallocated exception out of its synchronized `add`; the worker catches
// it and counts the refusal. Main joins both and checks the total.
// `proofs/capped-counter.proof` proves the check never throws: the proof
// follows the exception through `add`'s unwinding (which gives up one
// hold of the counter's lock) to the worker's handler.
class Full extends RuntimeException {
}

class Counter {
    // Made once, while main alone runs (Counter's initializer).
    static final Full FULL = new Full();
    static final int CAP = 4;
    int total;

    synchronized void add() {
        if (total >= CAP) {
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
