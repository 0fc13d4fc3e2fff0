// Three takers wait on one monitor for tickets that main hands out one at
// a time with notify (so a notify often has a choice of waiter), and the
// last taker wakes main with notifyAll: the symbolic agreement test
// compares the prover's step of a waiting thread (it may wake whenever
// the monitor is free) with the interpreter's under spurious wake-ups.
public class WaitNotify {
    static final Object lock = new Object();
    static int tickets;
    static int done;

    static class Taker extends Thread {
        public void run() {
            for (int i = 0; i < 3; i++) {
                synchronized (lock) {
                    while (tickets == 0) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    tickets--;
                    done++;
                    if (done == 9) {
                        lock.notifyAll();
                    }
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Taker a = new Taker();
        Taker b = new Taker();
        Taker c = new Taker();
        a.start();
        b.start();
        c.start();
        for (int i = 0; i < 9; i++) {
            synchronized (lock) {
                tickets++;
                lock.notify();
            }
        }
        synchronized (lock) {
            while (done < 9) {
                lock.wait();
            }
        }
    }
}
