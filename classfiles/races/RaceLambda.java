// Two threads started with lambdas add to one counter, one of them
// without the lock: a data race (lambdas are ordinary bytecode to m5).
public class RaceLambda {
    static int hits;

    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        Thread a = new Thread(() -> {
            synchronized (lock) {
                hits++;
            }
        });
        Thread b = new Thread(() -> hits++);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(hits);
    }
}
