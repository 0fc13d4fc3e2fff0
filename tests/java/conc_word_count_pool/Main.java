import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;

// A word count split over a fixed thread pool: each task counts its chunk
// into a shared ConcurrentHashMap (merge, compute), futures collected with
// invokeAll, then a sorted report; the same count single-threaded agrees.
public class Main {
    static final String TEXT = """
            the quick brown fox jumps over the lazy dog the dog barks
            a fox is quick and a dog is lazy but the fox is not lazy
            over and over the quick fox jumps the lazy dog sleeps
            """;

    public static void main(String[] args) throws Exception {
        String[] lines = TEXT.strip().split("\n");
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        ConcurrentHashMap<Character, AtomicInteger> initials = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (String line : lines) {
            tasks.add(() -> {
                int n = 0;
                for (String w : line.split("\\s+")) {
                    counts.merge(w, 1, Integer::sum);
                    initials.computeIfAbsent(w.charAt(0), c -> new AtomicInteger()).incrementAndGet();
                    n++;
                }
                return n;
            });
        }
        int total = 0;
        for (Future<Integer> f : pool.invokeAll(tasks)) total += f.get();
        pool.shutdown();
        System.out.println("words " + total + " distinct " + counts.size() + " terminated " + pool.awaitTermination(5, TimeUnit.SECONDS));
        List<Map.Entry<String, Integer>> top = new ArrayList<>(counts.entrySet());
        top.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        System.out.println("top " + top.subList(0, 5));
        Map<Character, Integer> init = new TreeMap<>();
        initials.forEach((c, n) -> init.put(c, n.get()));
        System.out.println("initials " + init);
        Map<String, Integer> serial = new TreeMap<>();
        for (String w : TEXT.strip().split("\\s+")) serial.merge(w, 1, Integer::sum);
        System.out.println("agrees " + serial.equals(new TreeMap<>(counts)));
        System.out.println("reduce " + counts.reduceValues(1, Integer::sum) + " search " + counts.search(1, (k, v) -> v == 6 ? k : null)
                + " compute " + counts.compute("fox", (k, v) -> v == null ? 1 : v * 10) + " " + counts.computeIfPresent("cat", (k, v) -> v + 1)
                + " getOrDefault " + counts.getOrDefault("cat", 0));
    }
}
