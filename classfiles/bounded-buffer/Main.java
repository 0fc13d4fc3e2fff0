// A bounded buffer of capacity 2 (an int array, synchronized put and take
// that wait in a `while` loop and notifyAll) with one producer putting 4
// items and two consumers taking 2 each. `proofs/bounded-buffer.proof`
// proves that no exception is ever thrown and 0 <= count <= capacity.
class Buffer {
    private final int[] items;
    private int count;
    private int putIndex;
    private int takeIndex;

    Buffer(int capacity) {
        items = new int[capacity];
    }

    synchronized void put(int x) throws InterruptedException {
        while (count == items.length) {
            wait();
        }
        items[putIndex] = x;
        putIndex = (putIndex + 1) % items.length;
        count++;
        notifyAll();
    }

    synchronized int take() throws InterruptedException {
        while (count == 0) {
            wait();
        }
        int x = items[takeIndex];
        takeIndex = (takeIndex + 1) % items.length;
        count--;
        notifyAll();
        return x;
    }
}

class Producer extends Thread {
    private final Buffer b;

    Producer(Buffer b) {
        this.b = b;
    }

    public void run() {
        try {
            for (int i = 0; i < 4; i++) {
                b.put(i);
            }
        } catch (InterruptedException e) {
        }
    }
}

class Consumer extends Thread {
    private final Buffer b;

    Consumer(Buffer b) {
        this.b = b;
    }

    public void run() {
        try {
            for (int i = 0; i < 2; i++) {
                b.take();
            }
        } catch (InterruptedException e) {
        }
    }
}

public class Main {
    public static void main(String[] args) {
        Buffer b = new Buffer(2);
        Producer p = new Producer(b);
        Consumer c = new Consumer(b);
        Consumer d = new Consumer(b);
        p.start();
        c.start();
        d.start();
    }
}
