// One array element written under two different monitors: each thread
// locks something, but not the same thing, so the writes race.
public class RaceArray {
    static final int[] slots = new int[2];
    static final Object lockA = new Object();
    static final Object lockB = new Object();

    static class Writer extends Thread {
        final Object lock;

        Writer(Object lock) {
            this.lock = lock;
        }

        public void run() {
            synchronized (lock) {
                slots[1] = slots[1] + 1;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Writer(lockA);
        Thread b = new Writer(lockB);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(slots[1]);
    }
}
