import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Deterministic: main reads what the task wrote only after the future's get. */
public class FutureGet {
    static int answer;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<?> done = pool.submit(() -> {
            answer = 42;
        });
        done.get();
        System.out.println("answer " + answer);
        pool.shutdown();
    }
}
