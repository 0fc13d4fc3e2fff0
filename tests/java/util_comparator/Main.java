import java.util.*;
public class Main {
    static final class P {
        final String name; final int age;
        P(String n, int a) { name = n; age = a; }
        String name() { return name; }
        int age() { return age; }
        public String toString() { return name + "/" + age; }
    }
    public static void main(String[] args) {
        List<P> ps = new ArrayList<>(List.of(new P("bo", 30), new P("al", 25), new P("cy", 30), new P("al", 20)));
        ps.sort(Comparator.comparing(P::name));
        System.out.println(ps);
        ps.sort(Comparator.comparingInt(P::age).thenComparing(P::name));
        System.out.println(ps);
        ps.sort(Comparator.comparing(P::name).thenComparingInt(P::age).reversed());
        System.out.println(ps);
        ps.sort((x, y) -> y.age - x.age);
        System.out.println(ps);
        List<String> ss = new ArrayList<>(List.of("bb", "a", "ccc", "dd"));
        ss.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(ss + " " + Comparator.<Integer>naturalOrder().compare(1, 2));
        ss.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
        System.out.println(ss);
    }
}
