import java.util.concurrent.CountDownLatch;

/** Deterministic: each worker counts the latch down as its last act; main reads their results after await. */
public class LatchAwaited {
    static class Worker extends Thread {
        final CountDownLatch done;
        final int n;
        int square;

        Worker(CountDownLatch done, int n) {
            this.done = done;
            this.n = n;
        }

        public void run() {
            square = n * n;
            done.countDown();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int workers = 2;
        CountDownLatch done = new CountDownLatch(workers);
        Worker[] ws = new Worker[workers];
        for (int i = 0; i < workers; i++) {
            ws[i] = new Worker(done, i + 2);
            ws[i].start();
        }
        done.await();
        System.out.println(ws[0].square + ws[1].square);
    }
}
