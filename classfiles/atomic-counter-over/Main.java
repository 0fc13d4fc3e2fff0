import java.util.concurrent.atomic.AtomicInteger;

// The twin of classfiles/atomic-counter: a worker stops only once it
// sees more than 6, so the count reaches 7 and main throws
// (tests/inferred/atomic-counter-inferred-over.proof: refuted, with a
// witness m5 run replays).
class Worker extends Thread {
    final AtomicInteger hits;

    Worker(AtomicInteger hits) {
        this.hits = hits;
    }

    public void run() {
        while (true) {
            int seen = hits.get();
            if (seen > 6) {
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
