import java.util.concurrent.locks.*;
public class Main {
    static int count;
    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Runnable r = () -> {
            for (int i = 0; i < 100; i++) {
                lock.lock();
                try { count++; } finally { lock.unlock(); }
            }
        };
        Thread a = new Thread(r), b = new Thread(r);
        a.start(); b.start(); a.join(); b.join();
        System.out.println(count + " " + lock.isLocked() + " " + lock.tryLock() + " " + lock.isHeldByCurrentThread() + " " + lock.getHoldCount());
        lock.lock();
        System.out.println(lock.getHoldCount());
        lock.unlock(); lock.unlock();
        try { lock.unlock(); } catch (IllegalMonitorStateException e) { System.out.println("IMSE " + e.getMessage()); }
    }
}
