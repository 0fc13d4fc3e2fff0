import java.util.*;
public class Main {
    static final class Key {
        final int a; final String b;
        Key(int a, String b) { this.a = a; this.b = b; }
        @Override public boolean equals(Object o) { return o instanceof Key k && k.a == a && k.b.equals(b); }
        @Override public int hashCode() { return a % 3; }
        @Override public String toString() { return "K" + a + b; }
    }
    public static void main(String[] args) {
        Map<Key, Integer> m = new HashMap<>();
        for (int i = 0; i < 30; i++) m.put(new Key(i, "x"), i * i);
        System.out.println(m.size() + " " + m.get(new Key(7, "x")) + " " + m.get(new Key(7, "y")) + " " + m.containsKey(new Key(29, "x")));
        m.keySet().removeIf(k -> k.a % 2 == 0);
        int sum = 0;
        for (int v : m.values()) sum += v;
        System.out.println(m.size() + " " + sum);
        Map<Key, String> linked = new LinkedHashMap<>();
        linked.put(new Key(2, "b"), "two"); linked.put(new Key(1, "a"), "one"); linked.put(new Key(2, "b"), "TWO");
        System.out.println(linked);
        Set<Key> set = new HashSet<>(m.keySet());
        System.out.println(set.contains(new Key(9, "x")) + " " + set.size());
    }
}
