/** A determinism violation: one Runnable object run by two threads; both update its field. */
public class SharedRunnable {
    static class Count implements Runnable {
        int n;

        public void run() {
            n = n + 1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Count c = new Count();
        Thread a = new Thread(c);
        Thread b = new Thread(c);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("n " + c.n);
    }
}
