import java.util.*;
import java.util.function.Function;
import java.util.stream.*;

// Stream pipelines as everyday code writes them: iterate with a predicate,
// takeWhile/dropWhile, flatMap over nested lists, sorting by several keys,
// concat, distinct, peek, reduce with identity and combiner, iterators
// and arrays back out.
public class Main {
    record Book(String title, String author, int year, List<String> tags) {}

    public static void main(String[] args) {
        List<Book> books = List.of(
                new Book("Dune", "Herbert", 1965, List.of("sf", "classic")),
                new Book("Neuromancer", "Gibson", 1984, List.of("sf", "cyberpunk")),
                new Book("Emma", "Austen", 1815, List.of("classic", "romance")),
                new Book("Persuasion", "Austen", 1817, List.of("classic", "romance")),
                new Book("Count Zero", "Gibson", 1986, List.of("sf", "cyberpunk")));
        System.out.println(Stream.iterate(1, i -> i < 200, i -> i * 3).toList() + " " + IntStream.iterate(100, i -> i - 7).takeWhile(i -> i > 60).boxed().toList());
        System.out.println(Stream.of(1, 2, 3, 10, 4, 20).dropWhile(i -> i < 5).toList() + " " + Stream.of(1, 2, 3, 10, 4).takeWhile(i -> i < 5).toList());
        System.out.println(books.stream().flatMap(b -> b.tags().stream()).distinct().sorted().collect(Collectors.joining(",")));
        System.out.println(books.stream().sorted(Comparator.comparing(Book::author).thenComparing(Book::year, Comparator.reverseOrder())).map(Book::title).toList());
        Map<String, List<Integer>> years = books.stream().collect(Collectors.groupingBy(Book::author, TreeMap::new, Collectors.mapping(Book::year, Collectors.toList())));
        System.out.println(years);
        System.out.println(books.stream().map(Book::year).reduce(0, Integer::sum) + " " + books.stream().reduce(0, (acc, b) -> acc + b.title().length(), Integer::sum) + " " + books.stream().mapToInt(Book::year).max().getAsInt());
        List<String> seen = new ArrayList<>();
        long n = Stream.concat(books.stream().map(Book::author), Stream.of("Le Guin")).peek(seen::add).distinct().count();
        System.out.println(n + " " + seen);
        Map<Boolean, Long> modern = books.stream().collect(Collectors.partitioningBy(b -> b.year() > 1900, Collectors.counting()));
        System.out.println(modern + " " + books.stream().anyMatch(b -> b.tags().contains("romance")) + " " + books.stream().noneMatch(b -> b.year() > 2000));
        String[] titles = books.stream().map(Book::title).filter(t -> t.contains("e")).toArray(String[]::new);
        System.out.println(titles.length + " " + String.join("/", titles));
        Iterator<Integer> it = IntStream.rangeClosed(1, 5).map(i -> i * i).iterator();
        StringBuilder sb = new StringBuilder();
        while (it.hasNext()) sb.append(it.next()).append(' ');
        System.out.println(sb.toString().trim() + " | " + Arrays.stream(new int[] {3, 1, 2}).sorted().mapToObj(Integer::toString).collect(Collectors.joining("<")));
        Map<String, Book> byTitle = books.stream().collect(Collectors.toMap(Book::title, Function.identity(), (a, b) -> a, LinkedHashMap::new));
        System.out.println(byTitle.keySet() + " " + Stream.of("b", "a", "c").sorted(Collections.reverseOrder()).findFirst().get() + " " + Stream.empty().findAny().isPresent());
        Map<Integer, Integer> sums = IntStream.range(0, 20).boxed().collect(Collectors.groupingBy(i -> i % 3, TreeMap::new, Collectors.summingInt(i -> i)));
        System.out.println(sums + " " + Stream.generate(() -> "x").limit(3).collect(Collectors.joining()) + " " + LongStream.rangeClosed(1, 5).mapToObj(Long::toString).skip(2).toList());
        ArrayDeque<Integer> dq = Stream.of(5, 6, 7).collect(Collectors.toCollection(ArrayDeque::new));
        System.out.println(dq.peekLast() + " " + Stream.of("a", "bb", "cc", "ddd").collect(Collectors.toMap(String::length, s -> s, (x, y) -> x + "|" + y, TreeMap::new)));
    }
}
