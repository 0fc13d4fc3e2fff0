import java.util.concurrent.locks.ReentrantReadWriteLock;

// Four readers and a writer share a ReentrantReadWriteLock. The lock tells
// readers apart by thread id (LockSupport.getThreadId reads Thread.tid), so
// with ids that were all equal a reader's unlock could take another's hold
// and throw IllegalMonitorStateException; every reader also sees the
// writer's updates in order.
public class Main {
    static final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    static int value;

    public static void main(String[] args) throws InterruptedException {
        Thread[] readers = new Thread[4];
        int[] last = new int[readers.length];
        int[] held = new int[readers.length];
        for (int i = 0; i < readers.length; i++) {
            final int k = i;
            readers[i] = new Thread(() -> {
                for (int j = 0; j < 3; j++) {
                    lock.readLock().lock();
                    try {
                        held[k] = Math.max(held[k], lock.getReadHoldCount());
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
            for (int j = 0; j < 3; j++) {
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
        for (int k = 0; k < readers.length; k++) {
            System.out.println("reader " + k + " held at most " + held[k] + " read lock");
        }
        System.out.println("value " + value + ", read locks " + lock.getReadLockCount()
                + ", write locked " + lock.isWriteLocked()
                + ", main holds " + lock.getReadHoldCount());
    }
}
