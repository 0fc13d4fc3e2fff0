import java.util.concurrent.CountDownLatch;

/** A latch of 2 counted down once, by one worker: main waits forever. */
public class LatchShort {
    public static void main(String[] args) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        new Thread(done::countDown).start();
        done.await();
    }
}
