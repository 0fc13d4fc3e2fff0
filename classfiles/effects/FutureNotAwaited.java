import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** A determinism violation: main reads what the task writes before waiting for it. */
public class FutureNotAwaited {
    static int answer;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<?> done = pool.submit(() -> {
            answer = 42;
        });
        System.out.println("answer " + answer);
        done.get();
        pool.shutdown();
    }
}
