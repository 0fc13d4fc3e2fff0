import java.util.concurrent.locks.ReentrantLock;

/** Two ReentrantLocks taken in opposite orders: a deadlock. */
public class LockOrder {
    static final ReentrantLock first = new ReentrantLock();
    static final ReentrantLock second = new ReentrantLock();

    static void both(ReentrantLock x, ReentrantLock y) {
        x.lock();
        try {
            y.lock();
            y.unlock();
        } finally {
            x.unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> both(first, second));
        t.start();
        both(second, first);
        t.join();
    }
}
