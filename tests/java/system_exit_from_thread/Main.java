// Exercises System.exit(7) called from a non-main thread while main is blocked in join: the whole VM exits with code 7.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        final Object gate = new Object();
        Thread t = new Thread() {
            public void run() {
                synchronized (gate) {
                    System.out.println("worker calling System.exit(7)");
                }
                System.exit(7);
            }
        };
        System.out.println("main starts worker");
        t.start();
        t.join();
        System.out.println("main after join (never printed)");
    }
}
