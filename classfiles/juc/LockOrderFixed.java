import java.util.concurrent.locks.ReentrantLock;

/** LockOrder fixed: both threads take the locks in one order. */
public class LockOrderFixed {
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
        both(first, second);
        t.join();
    }
}
