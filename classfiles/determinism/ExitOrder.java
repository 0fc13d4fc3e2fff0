// Same output, different exit status: the thread that gets the monitor
// second decides System.exit's status.
public class ExitOrder {
    static final Object lock = new Object();
    static int last;

    static class Setter extends Thread {
        final int value;

        Setter(int value) {
            this.value = value;
        }

        public void run() {
            synchronized (lock) {
                last = value;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Setter(0);
        Thread b = new Setter(3);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
        System.exit(last);
    }
}
