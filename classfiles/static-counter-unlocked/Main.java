// Negative twin of static-counter: the second worker increments through
// `incrUnlocked`, without the class lock, so an update can be lost.
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
        Worker b = new Worker(false);
        a.start();
        b.start();
    }
}
