// The reorder family as SCTBench's Java translation writes it: N setter
// threads each write the volatile a = 1 and then b = -1; one checker,
// started last, reads both and fails if it sees one write without the
// other. No data race: the bug is among the volatile accesses, so it shows
// at sync points. It needs the checker to read between a setter's two
// writes before any setter has finished: rarer as N grows (POS: about one
// run in 2(N + 1)). Used by benches/pos-families.sh.
public class Main {
    static volatile int a = 0;
    static volatile int b = 0;

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Thread[] setters = new Thread[n];
        for (int i = 0; i < n; i++) {
            setters[i] = new Thread(() -> {
                a = 1;
                b = -1;
            });
            setters[i].start();
        }
        Thread checker = new Thread(() -> {
            int x = a;
            int y = b;
            if (!((x == 0 && y == 0) || (x == 1 && y == -1))) {
                throw new AssertionError("a = " + x + ", b = " + y);
            }
        });
        checker.start();
        for (Thread t : setters) {
            t.join();
        }
        checker.join();
        System.out.println("no reordering seen");
    }
}
