/** Deterministic: workers kept in an array, each summing its own range, all joined by a for-each loop before main reads their sums. */
public class JoinedArray {
    static class Worker extends Thread {
        final int from;
        long sum;

        Worker(int from) {
            this.from = from;
        }

        public void run() {
            for (int i = from; i < from + 3; i++) {
                sum += i;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker[] ws = new Worker[2];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = new Worker(i * 10);
            ws[i].start();
        }
        for (Worker w : ws) {
            w.join();
        }
        long total = 0;
        for (Worker w : ws) {
            total += w.sum;
        }
        System.out.println("total " + total);
    }
}
