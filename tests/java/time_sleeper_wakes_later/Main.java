import java.util.ArrayList;
import java.util.List;

// A sleeping thread wakes after the others have moved on: a busy main prints
// first, a thread spinning on a flag sees the sleeper's write, and sleeping
// threads wake in the order of their deadlines.
public class Main {
    static volatile boolean flag;
    static final List<String> order = new ArrayList<>();

    static Thread sleeper(String name, long ms) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (order) {
                order.add(name);
            }
        });
        t.start();
        return t;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread late = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            System.out.println("sleeper: awake");
        });
        late.start();
        System.out.println("main: the sleeper has not woken yet");
        late.join();
        Thread setter = new Thread(() -> {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
            flag = true;
        });
        setter.start();
        long spins = 0;
        while (!flag) {
            spins++;
        }
        System.out.println("main: saw the flag after spinning: " + (spins > 0));
        setter.join();
        Thread c = sleeper("c", 90);
        Thread a = sleeper("a", 30);
        Thread b = sleeper("b", 60);
        a.join();
        b.join();
        c.join();
        System.out.println("woke in deadline order: " + order);
        Thread interrupted = new Thread(() -> {
            try {
                Thread.sleep(60_000);
                System.out.println("slept a minute");
            } catch (InterruptedException e) {
                System.out.println("sleep ended by interrupt: " + e.getMessage());
            }
        });
        interrupted.start();
        while (interrupted.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
        interrupted.interrupt();
        interrupted.join();
    }
}
