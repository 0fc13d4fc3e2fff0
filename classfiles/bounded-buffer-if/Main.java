// Negative twin of bounded-buffer: take waits with `if` instead of `while`
// (written as a loop that breaks after one wait, so every pc stays the
// same). With two consumers, one can be woken after the other took the
// only item, and take from an empty buffer.
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
            break;
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
