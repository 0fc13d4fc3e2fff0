// Store buffering (Dekker's core): each thread writes its flag, then reads
// the other's. No interleaving lets both read 0, so a search under
// sequential consistency finds no assertion failure, but the accesses race
// and a real JVM may show both zeros (the writes wait in store buffers). The
// race is what m5 reports.
public class RaceStoreBuffer {
    static int x;
    static int y;
    static int r1;
    static int r2;

    static class Left extends Thread {
        public void run() {
            x = 1;
            r1 = y;
        }
    }

    static class Right extends Thread {
        public void run() {
            y = 1;
            r2 = x;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Left();
        Thread b = new Right();
        a.start();
        b.start();
        a.join();
        b.join();
        if (r1 == 0 && r2 == 0) {
            throw new AssertionError("both threads read 0");
        }
    }
}
