// join(ms) gives up on a thread that is still running, Object.wait(ms) times
// out without a notify, and both check their arguments as the JDK does.
public class Main {
    static volatile boolean stop;

    public static void main(String[] args) throws InterruptedException {
        Thread spinner = new Thread(() -> {
            while (!stop) {
                Thread.onSpinWait();
            }
        });
        spinner.start();
        long t0 = System.nanoTime();
        spinner.join(50);
        System.out.println("join(50) returned, spinner alive: " + spinner.isAlive());
        System.out.println("join(50) took >= 50 ms: " + (System.nanoTime() - t0 >= 50_000_000L));
        spinner.join(1, 999_999);
        System.out.println("join(1, 999999) returned, alive: " + spinner.isAlive());
        stop = true;
        spinner.join();
        System.out.println("after join(): alive " + spinner.isAlive());
        spinner.join(10);
        System.out.println("join(10) of a dead thread returns at once");
        try {
            spinner.join(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        try {
            spinner.join(1, -1);
        } catch (IllegalArgumentException e) {
            System.out.println("IAE: " + e.getMessage());
        }
        Object lock = new Object();
        synchronized (lock) {
            t0 = System.nanoTime();
            lock.wait(20);
            System.out.println("wait(20) timed out after >= 20 ms: " + (System.nanoTime() - t0 >= 20_000_000L));
            lock.wait(3, 1);
            System.out.println("wait(3, 1) timed out");
            try {
                lock.wait(-1);
            } catch (IllegalArgumentException e) {
                System.out.println("IAE: " + e.getMessage());
            }
            try {
                lock.wait(1, 1_000_000);
            } catch (IllegalArgumentException e) {
                System.out.println("IAE: " + e.getMessage());
            }
        }
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait(60_000);
                    System.out.println("waiter notified before its minute");
                } catch (InterruptedException e) {
                    System.out.println("unexpected");
                }
            }
        });
        waiter.start();
        while (waiter.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
        System.out.println("waiter state: " + waiter.getState());
        synchronized (lock) {
            lock.notify();
        }
        waiter.join();
    }
}
