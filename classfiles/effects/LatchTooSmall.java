import java.util.concurrent.CountDownLatch;

/** Nondeterministic: the latch counts one of two workers, so await may return before the other wrote. */
public class LatchTooSmall {
    static class Worker extends Thread {
        final CountDownLatch done;
        int square;

        Worker(CountDownLatch done) {
            this.done = done;
        }

        public void run() {
            square = 9;
            done.countDown();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Worker a = new Worker(done);
        Worker b = new Worker(done);
        a.start();
        b.start();
        done.await();
        System.out.println(a.square + b.square);
    }
}
