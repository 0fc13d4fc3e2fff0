import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

// The StampedLock Point of the JDK's documentation: writers move it,
// readers compute the distance with an optimistic read (falling back to a
// read lock), and a conditional move upgrades a read lock to a write lock.
public class Main {
    static class Point {
        private double x, y;
        private final StampedLock sl = new StampedLock();

        void move(double dx, double dy) {
            long stamp = sl.writeLock();
            try {
                x += dx;
                y += dy;
            } finally {
                sl.unlockWrite(stamp);
            }
        }

        double distanceFromOrigin() {
            long stamp = sl.tryOptimisticRead();
            double cx = x, cy = y;
            if (!sl.validate(stamp)) {
                stamp = sl.readLock();
                try {
                    cx = x;
                    cy = y;
                } finally {
                    sl.unlockRead(stamp);
                }
            }
            return Math.sqrt(cx * cx + cy * cy);
        }

        void moveIfAtOrigin(double nx, double ny) {
            long stamp = sl.readLock();
            try {
                while (x == 0.0 && y == 0.0) {
                    long ws = sl.tryConvertToWriteLock(stamp);
                    if (ws != 0L) {
                        stamp = ws;
                        x = nx;
                        y = ny;
                        break;
                    } else {
                        sl.unlockRead(stamp);
                        stamp = sl.writeLock();
                    }
                }
            } finally {
                sl.unlock(stamp);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Point p = new Point();
        p.moveIfAtOrigin(3, 4);
        System.out.println("distance " + p.distanceFromOrigin());
        p.moveIfAtOrigin(100, 100);
        System.out.println("unchanged " + p.distanceFromOrigin());
        Thread[] movers = new Thread[3];
        for (int i = 0; i < movers.length; i++) {
            movers[i] = new Thread(() -> {
                for (int k = 0; k < 5; k++) p.move(1, 1);
            });
            movers[i].start();
        }
        for (Thread t : movers) t.join();
        System.out.println("after moves " + p.x + "," + p.y + " distance " + p.distanceFromOrigin());
        StampedLock sl = new StampedLock();
        long r1 = sl.readLock(), r2 = sl.tryReadLock();
        System.out.println("readers " + sl.getReadLockCount() + " read locked " + sl.isReadLocked() + " write locked " + sl.isWriteLocked() + " tryWrite " + sl.tryWriteLock());
        sl.unlockRead(r1);
        sl.unlockRead(r2);
        long opt = sl.tryOptimisticRead();
        long w = sl.writeLock();
        System.out.println("optimistic valid after write " + sl.validate(opt) + " write locked " + sl.isWriteLocked() + " " + StampedLock.isWriteLockStamp(w) + " " + StampedLock.isOptimisticReadStamp(opt));
        long back = sl.tryConvertToReadLock(w);
        System.out.println("downgraded " + (back != 0) + " read locked " + sl.isReadLocked() + " " + StampedLock.isReadLockStamp(back));
        sl.unlockRead(back);
        try {
            sl.unlockWrite(w);
        } catch (IllegalMonitorStateException e) {
            System.out.println("IllegalMonitorStateException " + e.getMessage());
        }
        Lock view = sl.asWriteLock();
        view.lock();
        System.out.println("view locked " + sl.isWriteLocked());
        view.unlock();
        System.out.println("free " + !sl.isWriteLocked() + " " + !sl.isReadLocked());
    }
}
