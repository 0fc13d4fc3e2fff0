import java.util.concurrent.*;
import java.util.concurrent.locks.*;

// java.util.concurrent's timed operations time out on the clock: tryLock,
// await, poll, tryAcquire, awaitNanos, Future.get and awaitTermination.
public class Main {
    public static void main(String[] args) throws Exception {
        ReentrantLock lock = new ReentrantLock();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            lock.lock();
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                return;
            }
            lock.unlock();
        });
        holder.start();
        held.await();
        System.out.println("tryLock(10 ms) while held: " + lock.tryLock(10, TimeUnit.MILLISECONDS));
        System.out.println("latch await(10 ms): " + release.await(10, TimeUnit.MILLISECONDS));
        release.countDown();
        holder.join();
        System.out.println("tryLock(10 ms) when free: " + lock.tryLock(10, TimeUnit.MILLISECONDS));
        Condition never = lock.newCondition();
        long left = never.awaitNanos(3_000_000);
        System.out.println("awaitNanos timed out: " + (left <= 0));
        System.out.println("await(2 ms): " + never.await(2, TimeUnit.MILLISECONDS));
        lock.unlock();
        BlockingQueue<Integer> q = new ArrayBlockingQueue<>(1);
        System.out.println("poll(10 ms) on empty: " + q.poll(10, TimeUnit.MILLISECONDS));
        q.put(7);
        System.out.println("offer(10 ms) on full: " + q.offer(8, 10, TimeUnit.MILLISECONDS));
        System.out.println("poll(10 ms) on full: " + q.poll(10, TimeUnit.MILLISECONDS));
        Semaphore sem = new Semaphore(0);
        System.out.println("tryAcquire(5 ms): " + sem.tryAcquire(5, TimeUnit.MILLISECONDS));
        ExecutorService ex = Executors.newSingleThreadExecutor();
        CountDownLatch gate = new CountDownLatch(1);
        Future<Integer> f = ex.submit(() -> {
            gate.await();
            return 1;
        });
        try {
            f.get(10, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            System.out.println("get(10 ms): TimeoutException " + e.getMessage());
        }
        gate.countDown();
        System.out.println("get(): " + f.get());
        ex.shutdown();
        System.out.println("awaitTermination: " + ex.awaitTermination(1, TimeUnit.SECONDS));
        CyclicBarrier barrier = new CyclicBarrier(2);
        try {
            barrier.await(5, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            System.out.println("barrier await(5 ms): TimeoutException, broken " + barrier.isBroken());
        }
    }
}
