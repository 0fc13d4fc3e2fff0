// A missed notify: the waiter checks the flag and waits without a loop
// around a condition that the notifier may already have set, and the
// notifier notifies without setting anything the waiter re-checks. If the
// notify happens before the wait, the waiter waits forever.
class Signal {
    boolean sent;
}

class Waiter extends Thread {
    final Signal s;

    Waiter(Signal s) {
        this.s = s;
    }

    public void run() {
        synchronized (s) {
            try {
                s.wait();
            } catch (InterruptedException e) {
                return;
            }
            System.out.println("woken");
        }
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        Signal s = new Signal();
        Waiter w = new Waiter(s);
        w.start();
        synchronized (s) {
            s.sent = true;
            s.notify();
        }
        w.join();
    }
}
