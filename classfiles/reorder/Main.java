// Modelled on SCTBench's reorder_N_bad (CHESS): N setter threads each write
// a = 1 and then b = -1; one checker thread, started last, reads a and then
// b and fails if it sees one write without the other. The bug needs the
// checker to run between one setter's two writes: a preemption or two, but
// the N setters make exhaustive search grow exponentially in N.
public class Main {
    static int a = 0;
    static int b = 0;

    static class Setter extends Thread {
        public void run() {
            a = 1;
            b = -1;
        }
    }

    static class Checker extends Thread {
        public void run() {
            int x = a;
            int y = b;
            if (!((x == 0 && y == 0) || (x == 1 && y == -1))) {
                throw new AssertionError("a = " + x + ", b = " + y);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Thread[] setters = new Thread[n];
        for (int i = 0; i < n; i++) {
            setters[i] = new Setter();
            setters[i].start();
        }
        Thread checker = new Checker();
        checker.start();
        for (int i = 0; i < n; i++) {
            setters[i].join();
        }
        checker.join();
        System.out.println("no reordering seen");
    }
}
