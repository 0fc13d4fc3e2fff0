import java.util.*;
import java.util.stream.*;
public class Main {
    record Emp(String name, String dept, int pay) {}
    public static void main(String[] args) {
        List<Emp> es = List.of(new Emp("ann", "eng", 120), new Emp("bob", "ops", 80), new Emp("cat", "eng", 100), new Emp("dan", "ops", 95));
        Map<String, List<String>> byDept = es.stream().collect(Collectors.groupingBy(Emp::dept, TreeMap::new, Collectors.mapping(Emp::name, Collectors.toList())));
        System.out.println(byDept);
        System.out.println(es.stream().collect(Collectors.summingInt(Emp::pay)) + " " + es.stream().mapToInt(Emp::pay).average().getAsDouble());
        System.out.println(es.stream().filter(e -> e.pay() > 90).map(Emp::name).sorted(Comparator.reverseOrder()).toList());
        System.out.println(es.stream().collect(Collectors.partitioningBy(e -> e.dept().equals("eng"), Collectors.counting())));
        System.out.println(IntStream.iterate(1, x -> x * 2).limit(10).boxed().map(String::valueOf).collect(Collectors.joining("+")));
        System.out.println(Stream.of("a,b", "c").flatMap(s -> Arrays.stream(s.split(","))).distinct().count() + " " + es.stream().map(Emp::dept).collect(Collectors.toCollection(TreeSet::new)));
    }
}
