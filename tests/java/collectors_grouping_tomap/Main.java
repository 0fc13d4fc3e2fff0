import java.util.*;
import java.util.function.Function;
import java.util.stream.*;

// Collectors as business code uses them: groupingBy with downstream
// collectors into sorted maps, partitioningBy, toMap with merge functions,
// summarizing statistics, teeing, collectingAndThen, flatMapping, filtering.
public class Main {
    record Sale(String region, String product, int units, double price) {
        double revenue() {
            return units * price;
        }
    }

    public static void main(String[] args) {
        List<Sale> sales = List.of(
                new Sale("north", "tea", 10, 2.5), new Sale("south", "tea", 4, 2.5),
                new Sale("north", "coffee", 7, 4.0), new Sale("east", "cocoa", 3, 3.0),
                new Sale("south", "coffee", 12, 4.0), new Sale("east", "tea", 1, 2.5),
                new Sale("north", "cocoa", 5, 3.0), new Sale("west", "coffee", 0, 4.0));
        Map<String, Integer> unitsByRegion = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.summingInt(Sale::units)));
        System.out.println(unitsByRegion);
        Map<String, Double> revenueByProduct = sales.stream().collect(Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.summingDouble(Sale::revenue)));
        System.out.println(revenueByProduct);
        Map<String, Optional<Sale>> best = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.maxBy(Comparator.comparingDouble(Sale::revenue))));
        best.forEach((r, s) -> System.out.println(r + " best " + s.map(Sale::product).orElse("-")));
        Map<Boolean, List<String>> big = sales.stream().collect(Collectors.partitioningBy(s -> s.units() >= 5, Collectors.mapping(s -> s.region() + "/" + s.product(), Collectors.toList())));
        System.out.println(big);
        Map<String, Integer> merged = sales.stream().collect(Collectors.toMap(Sale::product, Sale::units, Integer::sum, TreeMap::new));
        System.out.println(merged);
        try {
            sales.stream().collect(Collectors.toMap(Sale::product, Sale::units));
        } catch (IllegalStateException e) {
            System.out.println("IllegalStateException: " + e.getMessage());
        }
        IntSummaryStatistics st = sales.stream().collect(Collectors.summarizingInt(Sale::units));
        System.out.println(st);
        DoubleSummaryStatistics ds = sales.stream().mapToDouble(Sale::revenue).summaryStatistics();
        System.out.println(ds.getMin() + " " + ds.getMax() + " " + ds.getAverage() + " " + ds.getSum() + " " + ds.getCount());
        String summary = sales.stream().collect(Collectors.teeing(Collectors.counting(), Collectors.averagingInt(Sale::units), (n, avg) -> n + " sales, avg " + avg));
        System.out.println(summary);
        List<String> products = sales.stream().map(Sale::product).collect(Collectors.collectingAndThen(Collectors.toCollection(TreeSet::new), s -> List.copyOf(s)));
        System.out.println(products);
        Map<String, Set<String>> regionsOf = sales.stream().collect(Collectors.groupingBy(Sale::product, TreeMap::new, Collectors.mapping(Sale::region, Collectors.toCollection(TreeSet::new))));
        System.out.println(regionsOf);
        Map<String, Long> active = sales.stream().collect(Collectors.groupingBy(Sale::region, TreeMap::new, Collectors.filtering(s -> s.units() > 0, Collectors.counting())));
        System.out.println(active);
        Map<Integer, List<String>> byLen = Stream.of("x", "yy", "zz", "www", "v").collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()));
        System.out.println(byLen + " " + Stream.of("b", "a", "c").collect(Collectors.joining(", ", "{", "}")));
        Map<String, List<Character>> chars = Stream.of("ab", "cd").collect(Collectors.toMap(Function.identity(), s -> s.chars().mapToObj(c -> (char) c).toList(), (x, y) -> x, LinkedHashMap::new));
        System.out.println(chars + " " + Stream.of("a b", "c").collect(Collectors.flatMapping(s -> Arrays.stream(s.split(" ")), Collectors.toList())));
        System.out.println(Stream.of(5, 3, 8).collect(Collectors.reducing(0, Integer::sum)) + " " + Stream.of(5, 3, 8).collect(Collectors.minBy(Comparator.naturalOrder())).get()
                + " " + Stream.of("q", "r").collect(Collectors.toUnmodifiableList()) + " " + Stream.of(1, 2, 3, 4).collect(Collectors.partitioningBy(i -> i % 2 == 0)));
    }
}
