// classfiles/clinit-counter with `count++` moved out of the synchronized
// block (same lines): two workers can lose an update, so the count is not
// 100 plus the increments recorded. The negative twin of
// `proofs/clinit-counter-inferred.proof`: refuted with inference on.
// (Its lines are those of classfiles/clinit-counter, line for line.)
class Counter {
    static final Object LOCK = new Object();
    static int count = 100;

    static void incr(Worker w) {
        count++;
        synchronized (LOCK) {
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
