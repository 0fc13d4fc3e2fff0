// A lock-heavy deterministic program (benches/por-table.sh): THREADS
// workers (default 3), each doing ROUNDS rounds (default 50) of three
// synchronized updates of shared counters; main joins them and prints the
// totals, which no schedule changes.
public class LockRounds {
    static final class Counter {
        private long value;

        synchronized void add(long d) {
            value += d;
        }

        synchronized long get() {
            return value;
        }
    }

    static final class Worker extends Thread {
        private final int id;
        private final int rounds;
        private final Counter hits, sum, squares;

        Worker(int id, int rounds, Counter hits, Counter sum, Counter squares) {
            this.id = id;
            this.rounds = rounds;
            this.hits = hits;
            this.sum = sum;
            this.squares = squares;
        }

        @Override
        public void run() {
            for (int r = 0; r < rounds; r++) {
                hits.add(1);
                sum.add(id);
                squares.add((long) id * id);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        Counter hits = new Counter(), sum = new Counter(), squares = new Counter();
        Worker[] workers = new Worker[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Worker(i + 1, rounds, hits, sum, squares);
            workers[i].start();
        }
        for (Worker w : workers) {
            w.join();
        }
        System.out.println(hits.get() + " " + sum.get() + " " + squares.get());
    }
}
