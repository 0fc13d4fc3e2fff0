// Exercises JVM shutdown semantics: main dies with an uncaught exception but a non-daemon thread keeps running and prints afterwards; exit code 1.
public class Main {
    static Thread mainThread;

    public static void main(String[] args) {
        mainThread = Thread.currentThread();
        System.out.println("main starting worker");
        Thread worker = new Thread() {
            public void run() {
                try {
                    mainThread.join();
                } catch (InterruptedException e) {
                    System.out.println("interrupted?");
                }
                long s = 0;
                for (int i = 0; i < 10000; i++) s += i;
                System.out.println("worker ran after main died, sum " + s);
            }
        };
        worker.start();
        throw new UnsupportedOperationException("main gives up");
    }
}
