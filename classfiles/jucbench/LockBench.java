import java.util.concurrent.locks.ReentrantLock;

/** Two threads each take a ReentrantLock N times to increment a counter. */
public class LockBench {
    static long count;

    public static void main(String[] args) throws InterruptedException {
        int n = Integer.parseInt(args[0]);
        ReentrantLock lock = new ReentrantLock();
        Runnable work = () -> {
            for (int i = 0; i < n; i++) {
                lock.lock();
                try {
                    count++;
                } finally {
                    lock.unlock();
                }
            }
        };
        Thread t = new Thread(work);
        t.start();
        work.run();
        t.join();
        System.out.println(count);
    }
}
