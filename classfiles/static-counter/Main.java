// Two worker threads add 1 to a static counter twice each through a
// `static synchronized` method, which holds the class's lock (the Counter
// Class object). `proofs/static-counter.proof` proves that whenever that
// lock is free the counter equals the increments the workers recorded.
class Counter {
    static int count;

    static synchronized void incr(Worker w) {
        count++;
        w.done++;
    }

    static void incrUnlocked(Worker w) {
        count++;
        w.done++;
    }
}

class Worker extends Thread {
    // Whether this worker takes the lock (the negative twin has one that does not).
    final boolean locked;
    // The increments this worker made.
    int done;

    Worker(boolean locked) {
        this.locked = locked;
    }

    public void run() {
        while (done < 2) {
            if (locked) {
                Counter.incr(this);
            } else {
                Counter.incrUnlocked(this);
            }
        }
    }
}

public class Main {
    public static void main(String[] args) {
        Worker a = new Worker(true);
        Worker b = new Worker(true);
        a.start();
        b.start();
    }
}
