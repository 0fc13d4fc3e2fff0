import java.util.concurrent.TimeUnit;

// Time moves: deadline loops on currentTimeMillis and nanoTime end, the clock
// never runs backwards, and a sleep lasts at least as long as asked.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        long end = System.currentTimeMillis() + 20;
        int polls = 0;
        while (System.currentTimeMillis() < end) {
            polls++;
        }
        System.out.println("millis deadline loop ended after some polls: " + (polls > 0));
        long until = System.nanoTime() + 5_000_000L;
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
        System.out.println("nanos deadline loop ended");
        long prev = System.nanoTime();
        boolean monotonic = true;
        for (int i = 0; i < 1000; i++) {
            long now = System.nanoTime();
            monotonic &= now >= prev;
            prev = now;
        }
        System.out.println("nanoTime never goes back: " + monotonic);
        System.out.println("millis after 2020: " + (System.currentTimeMillis() > 1_577_836_800_000L));
        long t0 = System.nanoTime();
        Thread.sleep(30);
        System.out.println("sleep(30) took >= 30 ms: " + (System.nanoTime() - t0 >= 30_000_000L));
        t0 = System.nanoTime();
        Thread.sleep(2, 500_000);
        System.out.println("sleep(2, 500000) took >= 2.5 ms: " + (System.nanoTime() - t0 >= 2_500_000L));
        t0 = System.currentTimeMillis();
        TimeUnit.MILLISECONDS.sleep(15);
        System.out.println("TimeUnit sleep(15) took >= 15 ms: " + (System.currentTimeMillis() - t0 >= 15));
        Thread.sleep(0);
        System.out.println("sleep(0) returns");
        try {
            Thread.sleep(1, 1_000_000);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        try {
            Thread.sleep(-5, 0);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        Thread.currentThread().interrupt();
        try {
            Thread.sleep(0);
        } catch (InterruptedException e) {
            System.out.println("sleep(0) while interrupted: " + e.getMessage());
        }
    }
}
