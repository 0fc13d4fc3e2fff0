import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * A RecursiveAction whose leaves add their part to one shared, unsynchronized
 * total: two workers' "total += part" can interleave and lose an update.
 */
public class ForkJoinSharedTotal {
    static int total;

    static class Add extends RecursiveAction {
        final int lo, hi;

        Add(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo == 1) {
                total += lo;
                return;
            }
            int mid = (lo + hi) / 2;
            invokeAll(new Add(lo, mid), new Add(mid, hi));
        }
    }

    public static void main(String[] args) {
        new ForkJoinPool(2).invoke(new Add(1, 3));
        if (total != 3) {
            throw new AssertionError("lost update: total " + total);
        }
    }
}
