// Thread.join is synchronized on the thread object (as in the JDK): main
// holds L and joins t, needing t's monitor, while x holds t's monitor and
// needs L. m5 once ran join without the monitor and said "ok".
public class Main {
    static final Object L = new Object();

    public static void main(String[] args) throws Exception {
        final Thread t = new Idle();
        t.start();
        Thread x = new Locker(t);
        x.start();
        synchronized (L) {
            t.join();
        }
        x.join();
    }
}

class Idle extends Thread {
    public void run() {
    }
}

class Locker extends Thread {
    final Thread t;

    Locker(Thread t) {
        this.t = t;
    }

    public void run() {
        synchronized (t) {
            synchronized (Main.L) {
                Main.L.hashCode();
            }
        }
    }
}
