// The JVM ends when every non-daemon thread has ended (JLS 12.8): daemon
// threads blocked forever (waiting for a notify that never comes, parked
// while holding a monitor, blocked on that monitor, joining themselves) do
// not keep the program alive, and the exit status is main's.
import java.util.concurrent.locks.LockSupport;

public class Main {
    static final Object never = new Object();
    static final Object held = new Object();

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            synchronized (never) {
                while (true) {
                    try {
                        never.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "waiter");
        Thread holder = new Thread(() -> {
            synchronized (held) {
                while (true) {
                    LockSupport.park();
                }
            }
        }, "holder");
        Thread blocked = new Thread(() -> {
            synchronized (held) {
                System.out.println("never printed");
            }
        }, "blocked");
        Thread joiner = new Thread(() -> {
            try {
                Thread.currentThread().join();
            } catch (InterruptedException e) {
                return;
            }
        }, "joiner");
        Thread[] daemons = {waiter, holder, blocked, joiner};
        for (Thread t : daemons) {
            t.setDaemon(true);
        }
        waiter.start();
        holder.start();
        while (holder.getState() != Thread.State.WAITING) {
            Thread.yield();
        }
        blocked.start();
        joiner.start();
        while (blocked.getState() != Thread.State.BLOCKED || joiner.getState() != Thread.State.WAITING) {
            Thread.yield();
        }
        for (Thread t : daemons) {
            System.out.println(t.getName() + " daemon " + t.isDaemon() + " alive " + t.isAlive());
        }
        System.out.println("main done");
    }
}
