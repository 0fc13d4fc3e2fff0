import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.locks.LockSupport;

// A ScheduledExecutorService runs delayed tasks in the order of their
// delays; LockSupport.parkNanos and parkUntil time out on the clock, and an
// unpark ends a long parkNanos early. The delays are 100 ms apart so that
// HotSpot on a loaded machine (main descheduled between two schedule
// calls) still runs them in their order: with 10 ms it once did not.
public class Main {
    public static void main(String[] args) throws Exception {
        ScheduledExecutorService ses = Executors.newScheduledThreadPool(1);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        ScheduledFuture<?> c = ses.schedule(() -> order.add("c300"), 300, TimeUnit.MILLISECONDS);
        ses.schedule(() -> order.add("a100"), 100, TimeUnit.MILLISECONDS);
        ScheduledFuture<String> b = ses.schedule(() -> {
            order.add("b200");
            return "B";
        }, 200, TimeUnit.MILLISECONDS);
        System.out.println("b = " + b.get());
        c.get();
        System.out.println(order);
        int[] ticks = new int[1];
        CountDownLatch three = new CountDownLatch(3);
        ScheduledFuture<?> rate = ses.scheduleAtFixedRate(() -> {
            ticks[0]++;
            three.countDown();
        }, 0, 5, TimeUnit.MILLISECONDS);
        three.await();
        rate.cancel(false);
        System.out.println("fixed rate ticked at least 3 times: " + (ticks[0] >= 3));
        ses.shutdown();
        System.out.println("terminated " + ses.awaitTermination(1, TimeUnit.SECONDS));
        long t0 = System.nanoTime();
        LockSupport.parkNanos(5_000_000);
        System.out.println("parkNanos(5 ms) lasted >= 5 ms: " + (System.nanoTime() - t0 >= 5_000_000));
        Thread main = Thread.currentThread();
        Thread u = new Thread(() -> LockSupport.unpark(main));
        t0 = System.nanoTime();
        u.start();
        LockSupport.parkNanos(10_000_000_000L);
        System.out.println("unparked before 10 s: " + (System.nanoTime() - t0 < 10_000_000_000L));
        u.join();
        long deadline = System.currentTimeMillis() + 7;
        LockSupport.parkUntil(deadline);
        System.out.println("parkUntil passed its deadline: " + (System.currentTimeMillis() >= deadline));
    }
}
