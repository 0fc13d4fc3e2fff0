import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Deterministic: fork/join sums over disjoint halves; tasks only read the array. */
public class ForkJoinSum {
    static class Sum extends RecursiveTask<Long> {
        final int[] data;
        final int lo, hi;

        Sum(int[] data, int lo, int hi) {
            this.data = data;
            this.lo = lo;
            this.hi = hi;
        }

        protected Long compute() {
            if (hi - lo <= 4) {
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += data[i];
                }
                return s;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(data, lo, mid);
            Sum right = new Sum(data, mid, hi);
            left.fork();
            long r = right.compute();
            return left.join() + r;
        }
    }

    public static void main(String[] args) {
        int[] data = new int[32];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * i;
        }
        long total = new ForkJoinPool(2).invoke(new Sum(data, 0, data.length));
        System.out.println("sum " + total);
    }
}
