// Race-free: a class's static initializer writes a static of another
// class; every thread that calls into the class first waits for its
// initialization, which orders the write before their reads.
public class FreeInitEdge {
    static int count;

    static class Setup {
        static {
            count = 1;
        }

        static void touch() {
        }
    }

    static class Reader extends Thread {
        public void run() {
            Setup.touch();
            if (count != 1) {
                throw new AssertionError("count = " + count);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread x = new Reader();
        Thread y = new Reader();
        x.start();
        y.start();
        x.join();
        y.join();
    }
}
