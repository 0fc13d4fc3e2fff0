import java.util.concurrent.locks.ReentrantReadWriteLock;

// Main holds a read lock while two threads take and release it: three
// readers at once, the fewest with which equal thread ids let a reader's
// unlock take another's hold (IllegalMonitorStateException: attempt to
// unlock read lock, not locked by current thread). No schedule throws.
public class SharedReadLock {
    static final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    static void read() {
        lock.readLock().lock();
        lock.readLock().unlock();
    }

    public static void main(String[] args) throws InterruptedException {
        lock.readLock().lock();
        Thread a = new Thread(SharedReadLock::read);
        Thread b = new Thread(SharedReadLock::read);
        a.start();
        b.start();
        a.join();
        b.join();
        lock.readLock().unlock();
        if (lock.getReadLockCount() != 0) {
            throw new AssertionError("read locks left");
        }
    }
}
