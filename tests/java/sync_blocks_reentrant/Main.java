// Exercises monitorenter/monitorexit: reentrant locking, nested blocks on different objects, synchronized static methods, contention across threads.
public class Main {
    static final Object a = new Object();
    static final Object b = new Object();
    static long counterA;
    static long counterB;
    static int depthMax;

    static synchronized void incStatic() { counterB++; }

    static int recurse(int n) {
        synchronized (a) {
            if (n == 0) return 0;
            return 1 + recurse(n - 1);
        }
    }

    synchronized int reentrant(int n) {
        if (n == 0) return 0;
        return n + reentrant(n - 1);
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("recursive lock depth " + recurse(50));
        final Main m = new Main();
        System.out.println("reentrant sum " + m.reentrant(100));
        synchronized (a) {
            synchronized (a) {
                synchronized (b) {
                    synchronized (a) {
                        System.out.println("nested ok");
                    }
                }
            }
        }
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread() {
                public void run() {
                    for (int k = 0; k < 3000; k++) {
                        if ((k + id) % 2 == 0) {
                            synchronized (a) {
                                synchronized (b) {
                                    counterA++;
                                }
                            }
                        } else {
                            synchronized (a) {
                                counterA++;
                            }
                        }
                        incStatic();
                        if (k % 500 == 0) m.reentrant(5);
                    }
                }
            };
        }
        for (Thread t : ts) t.start();
        for (int k = 0; k < 3000; k++) {
            synchronized (a) { counterA++; }
            synchronized (Main.class) { counterB++; }
        }
        for (Thread t : ts) t.join();
        System.out.println("counterA " + counterA);
        System.out.println("counterB " + counterB);
        String s = "lock on string literal";
        synchronized (s) {
            synchronized ("lock on string literal") {
                System.out.println("string monitor reentered");
            }
        }
        int[] arr = new int[1];
        synchronized (arr) {
            arr[0]++;
        }
        System.out.println("array monitor " + arr[0]);
    }
}
