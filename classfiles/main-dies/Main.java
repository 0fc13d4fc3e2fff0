// main dies of an uncaught exception while a worker still runs: java
// waits for the worker, then exits with status 1. The exception needs the
// worker not to have run yet, so only some schedules show it.
public class Main {
    static int seen;

    public static void main(String[] args) throws Exception {
        Thread worker = new Thread(() -> {
            synchronized (Main.class) {
                seen = 1;
            }
            for (int i = 0; i < 3; i++) {
                synchronized (Main.class) {
                    seen++;
                }
            }
        });
        worker.start();
        synchronized (Main.class) {
            if (seen == 0) {
                throw new IllegalStateException("the worker has not run yet");
            }
        }
        worker.join();
    }
}
