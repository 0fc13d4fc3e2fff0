import java.util.*;
import java.util.stream.*;
public class Main {
    public static void main(String[] args) {
        List<Integer> xs = List.of(5, 3, 8, 1, 9, 2);
        System.out.println(xs.stream().filter(x -> x % 2 == 1).map(x -> x * x).collect(Collectors.toList()));
        System.out.println(xs.stream().mapToInt(Integer::intValue).sum() + " " + xs.stream().reduce(0, Integer::sum) + " " + xs.stream().count());
        System.out.println(IntStream.range(0, 5).boxed().collect(Collectors.toList()) + " " + IntStream.rangeClosed(1, 5).reduce(1, (a, b) -> a * b));
        System.out.println(Stream.of("b", "a", "c").sorted().collect(Collectors.joining(",", "[", "]")));
        System.out.println(xs.stream().max(Integer::compare).get() + " " + xs.stream().anyMatch(x -> x > 8) + " " + xs.stream().allMatch(x -> x > 0));
        System.out.println(Stream.of("aa", "b", "cc", "d").collect(Collectors.groupingBy(String::length)));
        System.out.println(xs.stream().sorted(Comparator.reverseOrder()).limit(3).map(String::valueOf).collect(Collectors.joining("-")));
    }
}
