import java.util.concurrent.locks.StampedLock;

/**
 * A point moved along the diagonal under a StampedLock's write lock, read
 * optimistically without validating the stamp: the reader can see x moved
 * and y not yet.
 */
public class StampedNoValidate {
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
