import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;

// java.util.Timer: one task scheduled, run once on the timer thread, then
// the timer cancelled; a cancelled task and a cancelled timer refuse work.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Timer timer = new Timer("ticker");
        CountDownLatch ran = new CountDownLatch(1);
        String[] seen = new String[1];
        TimerTask task = new TimerTask() {
            @Override
            public void run() {
                seen[0] = Thread.currentThread().getName();
                ran.countDown();
            }
        };
        timer.schedule(task, 20);
        ran.await();
        System.out.println("ran on " + seen[0]);
        System.out.println("cancel after run " + task.cancel());
        TimerTask never = new TimerTask() {
            @Override
            public void run() {
                System.out.println("must not run");
            }
        };
        timer.schedule(never, 60_000);
        // The timer thread may drop the cancelled task itself before purge does.
        boolean cancelled = never.cancel();
        int purged = timer.purge();
        System.out.println("cancel pending " + cancelled + " purged at most one " + (purged <= 1));
        timer.cancel();
        try {
            timer.schedule(new TimerTask() {
                public void run() {}
            }, 1);
        } catch (IllegalStateException e) {
            System.out.println("IllegalStateException: " + e.getMessage());
        }
        try {
            new Timer(true).schedule(task, 1);
        } catch (IllegalStateException e) {
            System.out.println("IllegalStateException: " + e.getMessage());
        }
        try {
            new Timer(true).schedule(new TimerTask() {
                public void run() {}
            }, -5);
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
        System.out.println("end");
    }
}
