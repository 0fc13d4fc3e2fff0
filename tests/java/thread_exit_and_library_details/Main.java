// JDK details that change what a program can observe: a terminating thread
// takes its Thread object's monitor (so it stays alive while another thread
// holds it), clears its target, and notifies joiners; Thread.clone throws;
// Throwable's constructors call fillInStackTrace; sleep and join reject
// negative times.
public class Main {
    static int count;
    static int filled;

    static class E extends RuntimeException {
        E(String m) {
            super(m);
        }

        public synchronized Throwable fillInStackTrace() {
            filled++;
            return this;
        }
    }

    static class T extends Thread implements Cloneable {
        T copy() throws CloneNotSupportedException {
            return (T) clone();
        }
    }

    public static void main(String[] args) throws Exception {
        final Thread t = new Thread() {
            public void run() {
            }
        };
        synchronized (t) {
            t.start();
            Thread.sleep(100);
            System.out.println("alive while main holds its monitor: " + t.isAlive());
        }
        t.join();
        System.out.println("alive after join: " + t.isAlive());

        Thread r = new Thread(new Runnable() {
            public void run() {
                count++;
            }
        });
        r.start();
        r.join();
        r.run();
        System.out.println("runs: " + count);

        try {
            new T().copy();
        } catch (CloneNotSupportedException e) {
            System.out.println("clone: " + e);
        }

        try {
            throw new E("x");
        } catch (E e) {
            System.out.println("fillInStackTrace calls: " + filled);
        }

        try {
            Thread.sleep(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("sleep: " + e.getMessage());
        }
        try {
            t.join(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("join: " + e.getMessage());
        }
    }
}
