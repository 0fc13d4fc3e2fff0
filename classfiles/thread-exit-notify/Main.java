// A terminating thread notifies the threads waiting on its Thread object
// (that is how join works in the JDK), so main's wait on t can end before
// the notifier ran: the assertion fails in some schedule. m5 once never
// woke main that way and said "ok".
public class Main {
    static volatile boolean flag;

    public static void main(String[] args) throws Exception {
        final Thread t = new Idle();
        Thread n = new Notifier(t);
        synchronized (t) {
            t.start();
            n.start();
            t.wait();
        }
        if (!flag) {
            throw new AssertionError("woken before the notifier ran");
        }
    }
}

class Idle extends Thread {
    public void run() {
    }
}

class Notifier extends Thread {
    final Thread t;

    Notifier(Thread t) {
        this.t = t;
    }

    public void run() {
        Main.flag = true;
        synchronized (t) {
            t.notifyAll();
        }
    }
}
