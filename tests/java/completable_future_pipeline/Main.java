import java.util.List;
import java.util.concurrent.*;
import java.util.stream.Collectors;

// CompletableFuture pipelines with asynchronous stages on the common pool
// and on an explicit executor: thenApplyAsync, thenCompose, thenCombine,
// allOf/anyOf over completed work, exceptionally/handle/whenComplete, and
// completion by hand.
public class Main {
    static int price(String item) {
        return item.length() * 3;
    }

    public static void main(String[] args) throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(2);
        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> price("apple"), ex);
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> price("banana"));
        System.out.println("combined " + a.thenCombine(b, Integer::sum).get());
        System.out.println("chain " + a.thenApplyAsync(x -> x * 2).thenApply(x -> "x" + x).thenCompose(s -> CompletableFuture.supplyAsync(() -> s + "!", ex)).join());
        List<CompletableFuture<String>> fs = List.of("a", "bb", "ccc").stream().map(s -> CompletableFuture.supplyAsync(() -> s.toUpperCase(), ex)).toList();
        CompletableFuture.allOf(fs.toArray(new CompletableFuture[0])).join();
        System.out.println("all " + fs.stream().map(CompletableFuture::join).collect(Collectors.joining(",")));
        CompletableFuture<Object> any = CompletableFuture.anyOf(CompletableFuture.completedFuture("first"), new CompletableFuture<String>());
        System.out.println("any " + any.get());
        CompletableFuture<Integer> bad = CompletableFuture.supplyAsync(() -> {
            if (true) throw new IllegalArgumentException("bad input");
            return 1;
        }, ex);
        System.out.println("recovered " + bad.exceptionally(t -> t instanceof CompletionException ? -1 : -2).join());
        System.out.println("handled " + bad.handle((v, t) -> t == null ? "ok" : t.getCause().getMessage()).join());
        try {
            bad.join();
        } catch (CompletionException e) {
            System.out.println("join: " + e.getCause());
        }
        try {
            bad.get();
        } catch (ExecutionException e) {
            System.out.println("get: " + e.getCause().getMessage() + " " + bad.isCompletedExceptionally());
        }
        StringBuffer log = new StringBuffer();
        CompletableFuture<String> manual = new CompletableFuture<>();
        CompletableFuture<Void> after = manual.thenAcceptAsync(v -> log.append("got ").append(v), ex).whenComplete((v, t) -> log.append(" / done"));
        System.out.println("before " + manual.isDone() + " " + manual.getNow("absent"));
        manual.complete("value");
        after.get();
        System.out.println(log + " " + manual.complete("again"));
        CompletableFuture<Integer> runs = CompletableFuture.runAsync(() -> log.setLength(0), ex).thenApply(v -> 7).thenApplyAsync(x -> x * 6, ex);
        System.out.println("runAsync then " + runs.get() + " [" + log + "]");
        CompletableFuture<String> cancelled = new CompletableFuture<>();
        cancelled.cancel(true);
        System.out.println("cancelled " + cancelled.isCancelled() + " " + cancelled.isCompletedExceptionally());
        ex.shutdown();
        System.out.println("terminated " + ex.awaitTermination(10, TimeUnit.SECONDS));
    }
}
