import java.util.*;
public class Main {
    public static void main(String[] args) {
        TreeMap<Integer, String> m = new TreeMap<>();
        for (int i = 10; i >= 1; i -= 3) m.put(i, "v" + i);
        System.out.println(m + " " + m.firstKey() + " " + m.lastEntry() + " " + m.floorKey(5) + " " + m.higherKey(7) + " " + m.ceilingEntry(8));
        System.out.println(m.headMap(7) + " " + m.tailMap(4, false) + " " + m.descendingMap() + " " + m.pollFirstEntry() + " " + m);
        TreeMap<String, Integer> byLen = new TreeMap<>(Comparator.comparing(String::length).thenComparing(Comparator.naturalOrder()));
        for (String s : List.of("ccc", "a", "bb", "aa", "b")) byLen.merge(s, 1, Integer::sum);
        System.out.println(byLen + " " + byLen.navigableKeySet().descendingSet());
    }
}
