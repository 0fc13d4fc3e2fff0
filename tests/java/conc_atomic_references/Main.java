import java.util.concurrent.atomic.*;
public class Main {
    record Pair(int a, int b) {}
    public static void main(String[] args) throws InterruptedException {
        AtomicReference<Pair> ref = new AtomicReference<>(new Pair(0, 0));
        AtomicLongArray hits = new AtomicLongArray(3);
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 25; k++) {
                    ref.updateAndGet(p -> new Pair(p.a() + 1, p.b() + id));
                    hits.incrementAndGet(k % 3);
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(ref.get() + " " + hits + " " + ref.getAndSet(null) + " " + ref.get());
        AtomicBoolean once = new AtomicBoolean();
        System.out.println(once.compareAndSet(false, true) + " " + once.compareAndSet(false, true) + " " + once);
    }
}
