// Counter's static initializer makes its lock object and sets the count
// to 100; main's first use of Counter runs it before any worker starts.
// Two workers then add 1 twice each under that lock.
// `proofs/clinit-counter.proof` proves that whenever the lock is free the
// count is 100 plus the increments the workers recorded.
class Counter {
    static final Object LOCK = new Object();
    static int count = 100;

    static void incr(Worker w) {
        synchronized (LOCK) {
            count++;
            w.done++;
        }
    }
}

class Worker extends Thread {
    // The increments this worker made.
    int done;

    public void run() {
        while (done < 2) {
            Counter.incr(this);
        }
    }
}

public class Main {
    public static void main(String[] args) {
        Worker a = new Worker();
        Worker b = new Worker();
        if (Counter.count != 100) {
            throw new IllegalStateException("not initialized");
        }
        a.start();
        b.start();
    }
}
