import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

// Threads that call every method with a library contract
// (src/interp/contracts.rs) on shared atomics, with values near the
// overflow points, compare-and-sets that succeed and that fail, null and
// non-null references: tests/it/contracts.rs compares each contract with
// the JDK's own bytecode on the states these runs reach.
public class Atomics {
    static final AtomicInteger i = new AtomicInteger(Integer.MAX_VALUE - 3);
    static final AtomicLong l = new AtomicLong(Long.MIN_VALUE + 2);
    static final AtomicBoolean b = new AtomicBoolean();
    static final AtomicReference<Object> r = new AtomicReference<>();
    static final Object[] things = {null, "a", new Object(), i};

    static void work(int id, int rounds) {
        for (int k = 0; k < rounds; k++) {
            // (Main's Thread object, made when main first asks, is not
            // modeled by the prover: only the workers ask.)
            if (id > 0 && Thread.currentThread() == null) {
                throw new AssertionError();
            }
            int x = i.get();
            i.set(x + id);
            i.lazySet(i.get() - k);
            i.getAndSet(k * 7 - id);
            i.compareAndSet(x, x ^ k);
            i.compareAndSet(i.get(), Integer.MAX_VALUE - k % 2);
            i.getAndIncrement();
            i.getAndDecrement();
            i.incrementAndGet();
            i.decrementAndGet();
            i.getAndAdd(id - k);
            i.addAndGet(Integer.MIN_VALUE + k);
            long y = l.get();
            l.set(y - id);
            l.lazySet(l.get() + k);
            l.getAndSet(Long.MAX_VALUE - k);
            l.compareAndSet(y, y * 3);
            l.compareAndSet(l.get(), Long.MIN_VALUE + k % 3);
            l.getAndIncrement();
            l.getAndDecrement();
            l.incrementAndGet();
            l.decrementAndGet();
            l.getAndAdd(id * 1000000000000L - k);
            l.addAndGet(-k);
            boolean z = b.get();
            b.set(!z);
            b.lazySet(k % 3 == 0);
            b.getAndSet(id % 2 == 0);
            b.compareAndSet(z, !z);
            b.compareAndSet(b.get(), k % 2 == 1);
            Object o = r.get();
            r.set(things[(id + k) % things.length]);
            r.lazySet(things[k % things.length]);
            r.getAndSet(things[(k + 1) % things.length]);
            r.compareAndSet(o, things[(k + 2) % things.length]);
            r.compareAndSet(r.get(), things[id % things.length]);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[3];
        for (int t = 0; t < ts.length; t++) {
            final int id = t + 1;
            ts[t] = new Thread(() -> work(id, 40));
            ts[t].start();
        }
        work(0, 20);
        for (Thread t : ts) {
            t.join();
        }
        System.out.println(i.get() + " " + l.get() + " " + b.get() + " " + (r.get() != null));
    }
}
