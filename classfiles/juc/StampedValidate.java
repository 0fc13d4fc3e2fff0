import java.util.concurrent.locks.StampedLock;

/**
 * StampedNoValidate fixed: the optimistic read is validated, and falls back
 * to the read lock when a write came in between.
 */
public class StampedValidate {
    static class Point {
        private final StampedLock lock = new StampedLock();
        private volatile int x, y;

        void move(int d) {
            long stamp = lock.writeLock();
            try {
                x += d;
                y += d;
            } finally {
                lock.unlockWrite(stamp);
            }
        }

        boolean onDiagonal() {
            long stamp = lock.tryOptimisticRead();
            int cx = x, cy = y;
            if (!lock.validate(stamp)) {
                stamp = lock.readLock();
                try {
                    cx = x;
                    cy = y;
                } finally {
                    lock.unlockRead(stamp);
                }
            }
            return cx == cy;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Point p = new Point();
        Thread mover = new Thread(() -> p.move(1));
        mover.start();
        if (!p.onDiagonal()) {
            throw new AssertionError("torn read of the point");
        }
        mover.join();
    }
}
