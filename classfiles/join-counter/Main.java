// Two threads, each made with `new Thread(runnable)`, add 1 to a shared
// counter three times under its lock; main joins both and then checks the
// total. `proofs/join-counter.proof` proves the check never throws.
class Counter {
    int total;
}

class Worker implements Runnable {
    private final Counter c;
    // The increments this worker has made (only its own thread writes it).
    private int count;

    Worker(Counter c) {
        this.c = c;
    }

    public void run() {
        while (count < 3) {
            synchronized (c) {
                c.total++;
                count++;
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
        if (c.total != 6) {
            throw new AssertionError("lost an update");
        }
    }
}
