// Exercises Thread(Runnable).start/join with a synchronized shared counter; per-thread results printed by main after join.
public class Main {
    static class Counter {
        private long value;
        synchronized void add(long d) { value += d; }
        synchronized long get() { return value; }
    }

    static class Worker implements Runnable {
        final Counter counter;
        final int id;
        long localSum;
        Worker(Counter c, int id) { counter = c; this.id = id; }
        public void run() {
            for (int i = 1; i <= 5000; i++) {
                counter.add(i % 7 + id);
                localSum += i;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Worker[] ws = new Worker[5];
        Thread[] ts = new Thread[5];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = new Worker(c, i);
            ts[i] = new Thread(ws[i]);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        for (int i = 0; i < ws.length; i++) System.out.println("worker " + i + " local " + ws[i].localSum);
        System.out.println("counter " + c.get());
        // second round: threads started and joined one at a time
        for (int round = 0; round < 3; round++) {
            Thread t = new Thread(new Worker(c, 100));
            t.start();
            t.join();
            System.out.println("after round " + round + ": " + c.get());
        }
        // join on an already finished thread returns immediately; join on unstarted thread returns immediately
        ts[0].join();
        Thread never = new Thread(new Worker(c, 0));
        never.join();
        System.out.println("final " + c.get());
    }
}
