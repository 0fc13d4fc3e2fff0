/** Nondeterministic: the second thread replaces the first in the array's only slot, so the join loop never waits for the first. */
public class OverwrittenSlot {
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[1];
        ts[0] = new Thread(() -> seen = 1);
        ts[0].start();
        ts[0] = new Thread(() -> {});
        ts[0].start();
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("seen " + seen);
    }
}
