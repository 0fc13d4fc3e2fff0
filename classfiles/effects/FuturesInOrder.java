import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Deterministic: an executor computes squares; main collects the futures in submission order. */
public class FuturesInOrder {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Integer>> futures = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            final int n = i;
            futures.add(pool.submit(() -> n * n));
        }
        int total = 0;
        StringBuilder sb = new StringBuilder();
        for (Future<Integer> f : futures) {
            int v = f.get();
            total += v;
            sb.append(v).append(' ');
        }
        pool.shutdown();
        System.out.println(sb + "= " + total);
    }
}
