import java.util.*;
import java.util.concurrent.*;
public class Main {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            final int n = i;
            fs.add(pool.submit(() -> n * n));
        }
        int sum = 0;
        for (Future<Integer> f : fs) sum += f.get();
        pool.shutdown();
        System.out.println(sum + " " + pool.awaitTermination(1, TimeUnit.SECONDS) + " " + pool.isShutdown());
    }
}
