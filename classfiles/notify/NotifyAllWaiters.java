// The twin of NotifyWrongWaiter with notifyAll: every waiter wakes and
// re-checks its own condition, so neither is left waiting.
public class NotifyAllWaiters {
    static class Box {
        boolean a, b, aWaits, bWaits;
    }

    static class Waiter extends Thread {
        final Box box;
        final boolean isA;

        Waiter(Box box, boolean isA) {
            this.box = box;
            this.isA = isA;
        }

        public void run() {
            synchronized (box) {
                if (isA) {
                    box.aWaits = true;
                } else {
                    box.bWaits = true;
                }
                try {
                    while (!(isA ? box.a : box.b)) {
                        box.wait();
                    }
                } catch (InterruptedException e) {
                }
            }
        }
    }

    /** Holding the monitor and seeing the flag: that thread is in wait(). */
    static void awaitWaiting(Box box, boolean isA) {
        while (true) {
            synchronized (box) {
                if (isA ? box.aWaits : box.bWaits) {
                    return;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Box box = new Box();
        Waiter a = new Waiter(box, true);
        Waiter b = new Waiter(box, false);
        a.start();
        awaitWaiting(box, true);
        b.start();
        awaitWaiting(box, false);
        synchronized (box) {
            box.a = true;
            box.notifyAll();
        }
        synchronized (box) {
            box.b = true;
            box.notifyAll();
        }
        a.join();
        b.join();
    }
}
