import java.util.ArrayList;
import java.util.List;

/** Deterministic: workers kept in a list, each summing into its own field, all joined by a for-each loop before main reads their sums. */
public class JoinedList {
    static class Worker extends Thread {
        final int n;
        int square;

        Worker(int n) {
            this.n = n;
        }

        public void run() {
            square = n * n;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        List<Worker> workers = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            Worker w = new Worker(i);
            w.start();
            workers.add(w);
        }
        for (Worker w : workers) {
            w.join();
        }
        int total = 0;
        for (Worker w : workers) {
            total += w.square;
        }
        System.out.println("total " + total);
    }
}
