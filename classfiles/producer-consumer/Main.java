// A correct bounded buffer (capacity 1) with wait/notifyAll in loops: one
// producer puts ITEMS (args[0], default 3) values, one consumer takes them
// and checks their order and sum. No schedule deadlocks or fails.
class Buffer {
    private int item;
    private boolean full;

    synchronized void put(int v) throws InterruptedException {
        while (full) {
            wait();
        }
        item = v;
        full = true;
        notifyAll();
    }

    synchronized int take() throws InterruptedException {
        while (!full) {
            wait();
        }
        full = false;
        notifyAll();
        return item;
    }
}

class Producer extends Thread {
    final Buffer b;
    final int n;

    Producer(Buffer b, int n) {
        this.b = b;
        this.n = n;
    }

    public void run() {
        try {
            for (int i = 1; i <= n; i++) {
                b.put(i);
            }
        } catch (InterruptedException e) {
            throw new AssertionError("interrupted");
        }
    }
}

class Consumer extends Thread {
    final Buffer b;
    final int n;
    int sum;

    Consumer(Buffer b, int n) {
        this.b = b;
        this.n = n;
    }

    public void run() {
        try {
            for (int i = 1; i <= n; i++) {
                int v = b.take();
                if (v != i) {
                    throw new AssertionError("expected " + i + " got " + v);
                }
                sum += v;
            }
        } catch (InterruptedException e) {
            throw new AssertionError("interrupted");
        }
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Buffer b = new Buffer();
        Producer p = new Producer(b, n);
        Consumer c = new Consumer(b, n);
        p.start();
        c.start();
        p.join();
        c.join();
        if (c.sum != n * (n + 1) / 2) {
            throw new AssertionError("sum " + c.sum);
        }
        System.out.println("sum " + c.sum);
    }
}
