// A negative twin of join-counter (same lines, same pcs): main expects 7,
// so the check throws. Two threads made with `new Thread(runnable)` add 1
// to a shared counter three times each under its lock; main joins both.
class Counter {
    int total;
}

class Worker implements Runnable {
    private final Counter c;
    // The increments this worker has made (only its own thread writes it).
    private int count;

    Worker(Counter c) {
        this.c = c;
    }

    public void run() {
        while (count < 3) {
            synchronized (c) {
                c.total++;
                count++;
            }
        }
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Thread a = new Thread(new Worker(c));
        Thread b = new Thread(new Worker(c));
        a.start();
        b.start();
        a.join();
        b.join();
        if (c.total != 7) {
            throw new AssertionError("lost an update");
        }
    }
}
