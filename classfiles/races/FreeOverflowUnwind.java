// No race: the worker writes x holding the Box's monitor; a
// StackOverflowError thrown by a call inside the synchronized method
// releases the monitor while unwinding, and main reads x holding it.
public class FreeOverflowUnwind {
    static class Box {
        int x;

        synchronized void set() {
            x = 1;
            recurse(0);
        }
    }

    static int recurse(int n) {
        return recurse(n + 1) + 1;
    }

    static Box box = new Box();

    static class Worker extends Thread {
        public void run() {
            try {
                box.set();
            } catch (StackOverflowError e) {
                // expected
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Worker w = new Worker();
        w.start();
        int seen;
        synchronized (box) {
            seen = box.x;
        }
        w.join();
    }
}
