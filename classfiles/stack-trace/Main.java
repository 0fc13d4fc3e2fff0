// Stack traces as HotSpot prints them: a VM-thrown exception deep in
// recursion (printed by printStackTrace), a thread that dies of its own
// exception, and main dying of a wrapper whose cause shares its frames.
public class Main {
    static int depth(int n) {
        if (n == 0) {
            int[] a = new int[1];
            return a[2];
        }
        return depth(n - 1);
    }

    static class Wrapper extends RuntimeException {
        Wrapper(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static class Dying extends Thread {
        public void run() {
            check(null);
        }

        static void check(Object o) {
            if (o == null) {
                throw new IllegalStateException("no object");
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        try {
            depth(2);
        } catch (RuntimeException e) {
            e.printStackTrace();
        }
        Thread t = new Dying();
        t.start();
        t.join();
        try {
            depth(1);
        } catch (RuntimeException e) {
            throw new Wrapper("wrapped", e);
        }
    }
}
