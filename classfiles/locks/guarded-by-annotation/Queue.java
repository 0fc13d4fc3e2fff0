import net.jcip.annotations.GuardedBy;

// The user says count is guarded by lock; drain forgets to take it.
public class Queue {
    private final Object lock = new Object();
    @GuardedBy("lock")
    private int count;

    void push() {
        synchronized (lock) {
            count++;
        }
    }

    void drain() {
        count = 0;
    }

    public static void main(String[] args) throws InterruptedException {
        Queue q = new Queue();
        Thread t = new Thread(q::push);
        t.start();
        q.drain();
        t.join();
    }
}
