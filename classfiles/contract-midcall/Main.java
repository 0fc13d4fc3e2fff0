import java.util.concurrent.atomic.AtomicInteger;

// Two workers increment a shared AtomicInteger. The invariant
// (invariants/contract-midcall.inv) allows a worker only in Worker.run's
// own frame: it is false exactly while a worker is inside the JDK's
// incrementAndGet, a method with a library contract, whose inside the
// invariant does not speak of (ARCHITECTURE.md, "Library contracts").
// proofs/contract-midcall.proof; tests/it/contracts.rs checks that m5
// prove, m5 run --invariant and m5 explore --invariant agree on it.
class Worker extends Thread {
    final AtomicInteger hits;

    Worker(AtomicInteger hits) {
        this.hits = hits;
    }

    public void run() {
        hits.incrementAndGet();
        hits.incrementAndGet();
    }
}

public class Main {
    public static void main(String[] args) {
        AtomicInteger hits = new AtomicInteger();
        Worker a = new Worker(hits);
        Worker b = new Worker(hits);
        a.start();
        b.start();
    }
}
