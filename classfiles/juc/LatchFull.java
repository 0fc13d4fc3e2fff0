import java.util.concurrent.CountDownLatch;

/** LatchShort fixed: the count is what the worker counts down. */
public class LatchFull {
    public static void main(String[] args) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        new Thread(done::countDown).start();
        done.await();
    }
}
