import java.util.*;
public class Main {
    static Optional<String> find(String[] xs, char c) {
        for (String x : xs) if (x.indexOf(c) >= 0) return Optional.of(x);
        return Optional.empty();
    }
    public static void main(String[] args) {
        String[] xs = {"alpha", "beta", "gamma"};
        Optional<String> a = find(xs, 'm'), b = find(xs, 'z');
        System.out.println(a + " " + b + " " + a.isPresent() + " " + b.isEmpty());
        System.out.println(a.map(String::length).orElse(-1) + " " + b.map(String::length).orElse(-1));
        System.out.println(b.orElseGet(() -> "none") + " " + a.filter(s -> s.length() > 9).isPresent());
        a.ifPresent(s -> System.out.println("got " + s));
        b.ifPresentOrElse(s -> System.out.println(s), () -> System.out.println("nothing"));
        try { b.get(); } catch (NoSuchElementException e) { System.out.println(e.getMessage()); }
        try { b.orElseThrow(() -> new IllegalStateException("missing")); } catch (IllegalStateException e) { System.out.println(e.getMessage()); }
        OptionalInt oi = OptionalInt.of(3);
        System.out.println(oi + " " + oi.getAsInt() + " " + OptionalInt.empty() + " " + Optional.ofNullable(null).or(() -> Optional.of("y")).get());
        System.out.println(a.flatMap(s -> find(xs, 'b')).get() + " " + a.equals(Optional.of("gamma")) + " " + a.hashCode());
    }
}
