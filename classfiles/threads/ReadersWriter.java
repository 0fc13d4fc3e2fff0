import java.util.concurrent.locks.ReentrantReadWriteLock;

// Four readers and a writer share a ReentrantReadWriteLock. The lock tells
// readers apart by thread id (LockSupport.getThreadId reads Thread.tid):
// were the ids equal, one reader's unlock could take another's hold and
// throw IllegalMonitorStateException. Too many schedules for an exhaustive
// search; the sampling strategies try some.
public class ReadersWriter {
    static final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    static int value;

    public static void main(String[] args) throws InterruptedException {
        Thread[] readers = new Thread[4];
        int[] last = new int[readers.length];
        for (int i = 0; i < readers.length; i++) {
            final int k = i;
            readers[i] = new Thread(() -> {
                for (int j = 0; j < 2; j++) {
                    lock.readLock().lock();
                    try {
                        if (value < last[k]) {
                            throw new AssertionError("went back");
                        }
                        last[k] = value;
                    } finally {
                        lock.readLock().unlock();
                    }
                }
            });
        }
        Thread writer = new Thread(() -> {
            for (int j = 0; j < 2; j++) {
                lock.writeLock().lock();
                try {
                    value++;
                } finally {
                    lock.writeLock().unlock();
                }
            }
        });
        for (Thread r : readers) {
            r.start();
        }
        writer.start();
        for (Thread r : readers) {
            r.join();
        }
        writer.join();
        System.out.println("value " + value);
    }
}
