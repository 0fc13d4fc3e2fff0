import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Semaphore sem = new Semaphore(2);
        AtomicInteger inside = new AtomicInteger(), maxInside = new AtomicInteger();
        Thread[] ts = new Thread[4];
        for (int i = 0; i < 4; i++) {
            ts[i] = new Thread(() -> {
                try {
                    sem.acquire();
                    try {
                        int now = inside.incrementAndGet();
                        maxInside.accumulateAndGet(now, Math::max);
                        inside.decrementAndGet();
                    } finally { sem.release(); }
                } catch (InterruptedException e) {}
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println((maxInside.get() <= 2) + " " + sem.availablePermits() + " " + sem.tryAcquire(3));
    }
}
