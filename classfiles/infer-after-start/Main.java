// A worker whose divisor is set by its own thread, after main has started
// it: right after `start` the worker is scheduled and `div` is still 0.
// An inferred candidate such as `thread_of(o).scheduled => o.div == -3`
// holds on every state where the worker's object changes, but not on the
// last state of the single-threaded prefix (tests/it/infer.rs: inference must
// drop it, and the user's claim must never be refuted by it).
class Worker extends Thread {
    int div;
    int result;

    public void run() {
        div = -3;
        result = 30 / div;
        result = result + 1;
        result = result * 2;
        result = result - 1;
    }
}

public class Main {
    public static void main(String[] args) {
        Worker w = new Worker();
        w.start();
    }
}
