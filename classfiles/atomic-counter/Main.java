import java.util.concurrent.atomic.AtomicInteger;

// Three workers count a shared AtomicInteger up to 6 with compare-and-set
// (no lock); main joins them and checks the count
// (tests/inferred/atomic-counter-inferred.proof). The twin
// (classfiles/atomic-counter-over) stops only past 6.
class Worker extends Thread {
    final AtomicInteger hits;

    Worker(AtomicInteger hits) {
        this.hits = hits;
    }

    public void run() {
        while (true) {
            int seen = hits.get();
            if (seen >= 6) {
                return;
            }
            hits.compareAndSet(seen, seen + 1);
        }
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger hits = new AtomicInteger();
        Worker a = new Worker(hits);
        Worker b = new Worker(hits);
        Worker c = new Worker(hits);
        a.start();
        b.start();
        c.start();
        a.join();
        b.join();
        c.join();
        if (hits.get() != 6) {
            throw new AssertionError("lost an update");
        }
    }
}
