import java.util.*;
import java.util.concurrent.locks.*;
public class Main {
    static final class Buffer {
        final Lock lock = new ReentrantLock();
        final Condition notEmpty = lock.newCondition(), notFull = lock.newCondition();
        final Deque<Integer> items = new ArrayDeque<>();
        void put(int x) throws InterruptedException {
            lock.lock();
            try { while (items.size() == 2) notFull.await(); items.add(x); notEmpty.signal(); } finally { lock.unlock(); }
        }
        int take() throws InterruptedException {
            lock.lock();
            try { while (items.isEmpty()) notEmpty.await(); int x = items.remove(); notFull.signal(); return x; } finally { lock.unlock(); }
        }
    }
    public static void main(String[] args) throws InterruptedException {
        Buffer b = new Buffer();
        Thread p = new Thread(() -> { try { for (int i = 1; i <= 6; i++) b.put(i); } catch (InterruptedException e) {} });
        p.start();
        int sum = 0;
        for (int i = 0; i < 6; i++) sum += b.take();
        p.join();
        System.out.println("sum " + sum);
    }
}
