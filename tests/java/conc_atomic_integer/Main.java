import java.util.concurrent.atomic.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger n = new AtomicInteger();
        AtomicLong total = new AtomicLong(10);
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 50; k++) { n.incrementAndGet(); total.addAndGet(id); }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(n.get() + " " + total.get() + " " + n.compareAndSet(150, 7) + " " + n + " " + n.getAndAdd(3) + " " + n.updateAndGet(x -> x * 2) + " " + n.accumulateAndGet(5, Math::max));
        AtomicBoolean flag = new AtomicBoolean();
        AtomicReference<String> ref = new AtomicReference<>("a");
        System.out.println(flag.getAndSet(true) + " " + flag.get() + " " + ref.compareAndSet("a", "b") + " " + ref.get());
        AtomicIntegerArray arr = new AtomicIntegerArray(4);
        arr.incrementAndGet(2); arr.addAndGet(3, 9);
        System.out.println(arr);
    }
}
