// The object's own lock: every access to count is in a synchronized method,
// so count is guarded by this.
public class Counter {
    private int count;

    synchronized void increment() {
        count++;
    }

    synchronized int get() {
        return count;
    }

    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Thread t = new Thread(c::increment);
        t.start();
        c.increment();
        t.join();
        System.out.println(c.get());
    }
}
