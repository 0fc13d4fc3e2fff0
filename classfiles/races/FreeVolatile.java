// Race-free: a volatile flag hands data over. The writer sets the plain
// field, then the flag; the reader waits for the flag, then reads the field.
public class FreeVolatile {
    static int data;
    static volatile boolean ready;

    static class Producer extends Thread {
        public void run() {
            data = 7;
            ready = true;
        }
    }

    static class Consumer extends Thread {
        public void run() {
            while (!ready) {
                Thread.yield();
            }
            if (data != 7) {
                throw new AssertionError("data = " + data);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread p = new Producer();
        Thread c = new Consumer();
        c.start();
        p.start();
        p.join();
        c.join();
        System.out.println(data);
    }
}
