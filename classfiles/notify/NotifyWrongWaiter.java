// Two waiters with different conditions on one monitor: `a` waits for
// box.a, `b` for box.b. Main makes sure both wait (a first), then sets
// box.a and notifies one thread, then sets box.b and notifies one. JLS
// 17.2.2 lets `notify` wake either waiter: if the first notify wakes b,
// b waits again, the second may wake a, and b waits for ever (main joins
// it): a deadlock. Waking the longest waiter first (what m5 once always
// did, and HotSpot usually does) never shows it.
public class NotifyWrongWaiter {
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
            box.notify();
        }
        synchronized (box) {
            box.b = true;
            box.notify();
        }
        a.join();
        b.join();
    }
}
