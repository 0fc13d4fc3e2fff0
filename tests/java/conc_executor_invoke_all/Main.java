import java.util.*;
import java.util.concurrent.*;
public class Main {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Callable<String>> tasks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            final int n = i;
            tasks.add(() -> "t" + n + "=" + (n * 10));
        }
        StringBuilder sb = new StringBuilder();
        for (Future<String> f : pool.invokeAll(tasks)) sb.append(f.get()).append(' ');
        System.out.println(sb.toString().trim());
        Future<?> boom = pool.submit(() -> { throw new IllegalStateException("boom"); });
        try { boom.get(); } catch (ExecutionException e) { System.out.println("cause: " + e.getCause()); }
        pool.shutdown();
        System.out.println(pool.awaitTermination(5, TimeUnit.SECONDS) + " " + pool.isTerminated());
    }
}
