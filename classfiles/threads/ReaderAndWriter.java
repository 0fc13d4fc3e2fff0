import java.util.concurrent.locks.ReentrantReadWriteLock;

// A reader and a writer: the reader's hold is its own (getReadHoldCount
// finds it by thread id) in every schedule, and it never sees the value go
// back.
public class ReaderAndWriter {
    static final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    static int value;

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            lock.readLock().lock();
            try {
                if (lock.getReadHoldCount() != 1) {
                    throw new AssertionError("hold count " + lock.getReadHoldCount());
                }
            } finally {
                lock.readLock().unlock();
            }
        });
        Thread writer = new Thread(() -> {
            lock.writeLock().lock();
            try {
                value++;
            } finally {
                lock.writeLock().unlock();
            }
        });
        reader.start();
        writer.start();
        reader.join();
        writer.join();
        if (value != 1 || lock.getReadHoldCount() != 0) {
            throw new AssertionError("value " + value);
        }
    }
}
