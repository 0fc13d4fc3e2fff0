import java.util.*;
import java.util.concurrent.locks.ReentrantReadWriteLock;

// A cache guarded by a ReentrantReadWriteLock: several reader threads and
// a writer, lock downgrading, the lock's counters, and what tryLock and
// unlock-without-holding do.
public class Main {
    static final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    static final Map<String, Integer> cache = new HashMap<>();
    static int misses;

    static int get(String key) {
        rw.readLock().lock();
        try {
            Integer v = cache.get(key);
            if (v != null) return v;
        } finally {
            rw.readLock().unlock();
        }
        rw.writeLock().lock();
        try {
            Integer v = cache.get(key);
            if (v == null) {
                misses++;
                v = key.length() * 10;
                cache.put(key, v);
            }
            rw.readLock().lock(); // downgrade
            return v;
        } finally {
            rw.writeLock().unlock();
            rw.readLock().unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        String[] keys = {"a", "bb", "ccc", "dddd"};
        int[] sums = new int[4];
        Thread[] readers = new Thread[4];
        for (int t = 0; t < readers.length; t++) {
            final int id = t;
            readers[t] = new Thread(() -> {
                for (int i = 0; i < 6; i++) sums[id] += get(keys[(i + id) % keys.length]);
            }, "reader-" + t);
        }
        for (Thread t : readers) t.start();
        for (Thread t : readers) t.join();
        System.out.println("sums " + Arrays.toString(sums) + " misses " + misses + " cache " + new TreeMap<>(cache));
        rw.readLock().lock();
        rw.readLock().lock();
        System.out.println("read holds " + rw.getReadHoldCount() + " readers " + rw.getReadLockCount() + " write locked " + rw.isWriteLocked());
        boolean[] got = new boolean[2];
        Thread probe = new Thread(() -> {
            got[0] = rw.readLock().tryLock();
            if (got[0]) rw.readLock().unlock();
            got[1] = rw.writeLock().tryLock();
        });
        probe.start();
        probe.join();
        System.out.println("other thread read " + got[0] + " write " + got[1]);
        rw.readLock().unlock();
        rw.readLock().unlock();
        rw.writeLock().lock();
        rw.writeLock().lock();
        System.out.println("write holds " + rw.getWriteHoldCount() + " by me " + rw.isWriteLockedByCurrentThread() + " fair " + rw.isFair());
        rw.writeLock().unlock();
        rw.writeLock().unlock();
        try {
            rw.readLock().unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println("IllegalMonitorStateException: " + e.getMessage());
        }
        try {
            rw.writeLock().unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println("IllegalMonitorStateException " + (e.getMessage() == null));
        }
        System.out.println("free " + !rw.isWriteLocked() + " " + rw.getReadLockCount() + " queued " + rw.hasQueuedThreads());
    }
}
