// The static counter of classfiles/static-counter with the workers' count
// in a field named `value`, a name java.lang.Double also has (as a
// double): the prover and inference must treat it as any other int field
// (tests/it/infer.rs, proofs/value-field-inferred.proof).
class Counter {
    static int count;

    static synchronized void incr(Worker w) {
        count++;
        w.value++;
    }
}

class Worker extends Thread {
    // The increments this worker made.
    int value;

    public void run() {
        while (value < 2) {
            Counter.incr(this);
        }
    }
}

public class Main {
    public static void main(String[] args) {
        Worker a = new Worker();
        Worker b = new Worker();
        a.start();
        b.start();
    }
}
