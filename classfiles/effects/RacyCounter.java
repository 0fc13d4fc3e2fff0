/** A determinism violation: an unsynchronized shared counter loses updates. */
public class RacyCounter {
    static int count;

    static class Incr extends Thread {
        public void run() {
            count = count + 1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Incr();
        Thread b = new Incr();
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count " + count);
    }
}
