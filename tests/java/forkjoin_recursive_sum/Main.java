import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

// Fork/join as the textbook writes it: a RecursiveTask summing an array
// with invokeAll, a RecursiveAction merge sort, a recursive Fibonacci,
// and tasks submitted to an explicit pool and to the common pool.
public class Main {
    static final int THRESHOLD = 16;

    static class ArraySum extends RecursiveTask<Long> {
        final long[] a;
        final int lo, hi;

        ArraySum(long[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= THRESHOLD) {
                long s = 0;
                for (int i = lo; i < hi; i++) s += a[i];
                return s;
            }
            int mid = (lo + hi) >>> 1;
            ArraySum left = new ArraySum(a, lo, mid), right = new ArraySum(a, mid, hi);
            invokeAll(left, right);
            return left.join() + right.join();
        }
    }

    static class MergeSort extends RecursiveAction {
        final int[] a, tmp;
        final int lo, hi;

        MergeSort(int[] a, int[] tmp, int lo, int hi) {
            this.a = a;
            this.tmp = tmp;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 8) {
                Arrays.sort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new MergeSort(a, tmp, lo, mid), new MergeSort(a, tmp, mid, hi));
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
            while (i < mid) tmp[k++] = a[i++];
            while (j < hi) tmp[k++] = a[j++];
            System.arraycopy(tmp, lo, a, lo, hi - lo);
        }
    }

    static class Fib extends RecursiveTask<Integer> {
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n <= 8) return slow(n);
            Fib f1 = new Fib(n - 1);
            f1.fork();
            return new Fib(n - 2).compute() + f1.join();
        }

        static int slow(int n) {
            return n < 2 ? n : slow(n - 1) + slow(n - 2);
        }
    }

    public static void main(String[] args) throws Exception {
        long[] nums = new long[500];
        for (int i = 0; i < nums.length; i++) nums[i] = (long) i * i;
        ForkJoinPool pool = new ForkJoinPool(3);
        System.out.println("sum " + pool.invoke(new ArraySum(nums, 0, nums.length)) + " parallelism " + pool.getParallelism());
        int[] data = new int[100];
        for (int i = 0; i < data.length; i++) data[i] = (i * 37 + 11) % 100;
        pool.invoke(new MergeSort(data, new int[data.length], 0, data.length));
        System.out.println("sorted " + Arrays.toString(Arrays.copyOf(data, 12)) + " ... " + data[99]);
        System.out.println("fib(16) " + ForkJoinPool.commonPool().invoke(new Fib(16)));
        List<ArraySum> parts = List.of(new ArraySum(nums, 0, 100), new ArraySum(nums, 100, 300), new ArraySum(nums, 300, 500));
        long total = 0;
        for (ArraySum t : ForkJoinTask.invokeAll(parts)) total += t.join();
        System.out.println("parts " + total + " done " + parts.get(2).isDone() + " normal " + parts.get(2).isCompletedNormally());
        ForkJoinTask<Long> submitted = pool.submit(new ArraySum(nums, 0, 10));
        System.out.println("submitted " + submitted.get());
        ForkJoinTask<?> failing = pool.submit(() -> { throw new IllegalStateException("boom"); });
        try {
            failing.join();
        } catch (IllegalStateException e) {
            System.out.println("join threw " + e.getClass().getSimpleName() + " " + e.getMessage() + " abnormal " + failing.isCompletedAbnormally());
        }
        pool.shutdown();
        System.out.println("shutdown " + pool.isShutdown());
    }
}
