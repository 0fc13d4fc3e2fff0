// Exercises wait/notifyAll in condition loops: bounded buffer with 2 producers and 2 consumers; main prints totals after join.
public class Main {
    static class Buffer {
        private final int[] items = new int[4];
        private int head, tail, count;
        private int puts, takes;

        synchronized void put(int v) throws InterruptedException {
            while (count == items.length) wait();
            items[tail] = v;
            tail = (tail + 1) % items.length;
            count++;
            puts++;
            notifyAll();
        }

        synchronized int take() throws InterruptedException {
            while (count == 0) wait();
            int v = items[head];
            head = (head + 1) % items.length;
            count--;
            takes++;
            notifyAll();
            return v;
        }
    }

    static class Producer extends Thread {
        final Buffer buf;
        final int base, n;
        Producer(Buffer b, int base, int n) { buf = b; this.base = base; this.n = n; }
        public void run() {
            try {
                for (int i = 0; i < n; i++) buf.put(base + i);
                buf.put(-1);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    static class Consumer extends Thread {
        final Buffer buf;
        long sum;
        int received;
        Consumer(Buffer b) { buf = b; }
        public void run() {
            try {
                while (true) {
                    int v = buf.take();
                    if (v < 0) break;
                    sum += v;
                    received++;
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Buffer buf = new Buffer();
        Producer p1 = new Producer(buf, 0, 500);
        Producer p2 = new Producer(buf, 10000, 300);
        Consumer c1 = new Consumer(buf);
        Consumer c2 = new Consumer(buf);
        c1.start();
        c2.start();
        p1.start();
        p2.start();
        p1.join();
        p2.join();
        c1.join();
        c2.join();
        System.out.println("total received " + (c1.received + c2.received));
        System.out.println("total sum " + (c1.sum + c2.sum));
        System.out.println("puts " + buf.puts + " takes " + buf.takes + " left " + buf.count);
        long expected = 0;
        for (int i = 0; i < 500; i++) expected += i;
        for (int i = 0; i < 300; i++) expected += 10000 + i;
        System.out.println("expected sum " + expected);
    }
}
