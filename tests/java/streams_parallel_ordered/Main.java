import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.*;

// Parallel streams whose results do not depend on the split: sums,
// reductions, order-preserving collect/toList/forEachOrdered, sorted,
// findFirst, groupingByConcurrent into a sorted view, Arrays.parallelSort
// and parallelPrefix.
public class Main {
    static boolean isPrime(int n) {
        if (n < 2) return false;
        for (int d = 2; d * d <= n; d++) if (n % d == 0) return false;
        return true;
    }

    public static void main(String[] args) {
        System.out.println(IntStream.rangeClosed(1, 2000).parallel().sum());
        System.out.println(IntStream.range(0, 3000).parallel().filter(Main::isPrime).count());
        System.out.println(LongStream.rangeClosed(1, 20).parallel().reduce(1L, (a, b) -> a * b));
        List<Integer> squares = IntStream.range(0, 40).parallel().map(i -> i * i).boxed().collect(Collectors.toList());
        System.out.println(squares);
        System.out.println(Stream.of("delta", "alpha", "charlie", "bravo", "echo").parallel().map(String::toUpperCase).sorted().toList());
        StringBuilder sb = new StringBuilder();
        IntStream.range(0, 20).parallel().mapToObj(Integer::toString).forEachOrdered(s -> sb.append(s).append(' '));
        System.out.println(sb.toString().trim());
        System.out.println(IntStream.range(100, 500).parallel().filter(i -> i % 37 == 0).findFirst().getAsInt());
        Map<Integer, Long> byDigit = IntStream.range(0, 500).parallel().boxed().collect(Collectors.groupingByConcurrent(i -> i % 10, Collectors.counting()));
        System.out.println(new TreeMap<>(byDigit));
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        Stream.of("a b c a b a".split(" ")).parallel().forEach(w -> counts.merge(w, 1, Integer::sum));
        System.out.println(new TreeMap<>(counts));
        System.out.println(Stream.of("x", "y", "z", "w").parallel().collect(Collectors.joining(",", "<", ">")));
        System.out.println(Arrays.asList(1, 2, 3, 4, 5, 6).parallelStream().map(i -> i * 10).reduce(0, Integer::sum) + " " + IntStream.range(0, 100).parallel().max().getAsInt()
                + " " + IntStream.range(0, 100).parallel().average().getAsDouble() + " " + IntStream.range(0, 50).parallel().anyMatch(i -> i == 49) + " " + IntStream.range(0, 50).parallel().allMatch(i -> i < 50));
        int[] arr = new int[60];
        for (int i = 0; i < arr.length; i++) arr[i] = (i * 7919) % 101;
        Arrays.parallelSort(arr);
        System.out.println(Arrays.toString(arr));
        long[] pre = LongStream.rangeClosed(1, 12).toArray();
        Arrays.parallelPrefix(pre, Long::sum);
        System.out.println(Arrays.toString(pre));
        Integer[] boxed = {5, 3, 9, 1, 7};
        Arrays.parallelSort(boxed, Comparator.reverseOrder());
        System.out.println(Arrays.toString(boxed) + " " + Stream.iterate(1, i -> i * 3).limit(8).parallel().skip(2).toList() + " " + IntStream.range(0, 10).parallel().distinct().sum());
        double[] ds = new double[10];
        Arrays.parallelSetAll(ds, i -> i / 4.0);
        System.out.println(Arrays.toString(ds) + " " + DoubleStream.of(ds).parallel().sum());
    }
}
