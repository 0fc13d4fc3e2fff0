import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** ForkJoinSharedTotal fixed: each task returns its sum and the parent adds them. */
public class ForkJoinSum {
    static class Sum extends RecursiveTask<Integer> {
        final int lo, hi;

        Sum(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Integer compute() {
            if (hi - lo == 1) {
                return lo;
            }
            int mid = (lo + hi) / 2;
            Sum left = new Sum(lo, mid);
            left.fork();
            return new Sum(mid, hi).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        int total = new ForkJoinPool(2).invoke(new Sum(1, 3));
        if (total != 3) {
            throw new AssertionError("wrong sum: " + total);
        }
    }
}
