import java.util.*;
public class Main {
    public static void main(String[] args) {
        Set<Integer> s = new HashSet<>();
        for (int i = 0; i < 50; i++) s.add(i * i % 17);
        System.out.println(s + " " + s.size() + " " + s.contains(16) + " " + s.contains(3));
        Set<String> words = new HashSet<>(Arrays.asList("b", "a", "c", "a"));
        words.remove("c");
        System.out.println(words);
        Set<String> linked = new LinkedHashSet<>(List.of("x", "y"));
        linked.add("a"); linked.add("x");
        System.out.println(linked);
        TreeSet<Integer> ts = new TreeSet<>(s);
        System.out.println(ts + " " + ts.first() + " " + ts.last() + " " + ts.headSet(5) + " " + ts.ceiling(11));
        Set<Integer> a = new HashSet<>(List.of(1, 2, 3, 4)), b = new HashSet<>(List.of(3, 4, 5));
        Set<Integer> inter = new HashSet<>(a); inter.retainAll(b);
        Set<Integer> union = new TreeSet<>(a); union.addAll(b);
        System.out.println(inter + " " + union + " " + a.containsAll(inter));
    }
}
