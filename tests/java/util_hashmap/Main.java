import java.util.*;
public class Main {
    public static void main(String[] args) {
        Map<String, Integer> m = new HashMap<>();
        String text = "the quick brown fox jumps over the lazy dog the end";
        for (String w : text.split(" ")) m.put(w, m.getOrDefault(w, 0) + 1);
        System.out.println(m);
        System.out.println(m.get("the") + " " + m.get("cat") + " " + m.containsKey("fox") + " " + m.containsValue(3));
        m.computeIfAbsent("cat", k -> k.length());
        m.computeIfPresent("dog", (k, v) -> v + 10);
        m.compute("fox", (k, v) -> v == null ? 1 : v * 100);
        m.remove("lazy");
        m.putIfAbsent("the", 99);
        for (Map.Entry<String, Integer> e : m.entrySet()) System.out.print(e.getKey() + ":" + e.getValue() + " ");
        System.out.println();
        Map<Integer, String> big = new HashMap<>();
        for (int i = 0; i < 500; i++) big.put(i * 7, "v" + i);
        int total = 0;
        for (int k : big.keySet()) total += k;
        System.out.println(big.size() + " " + total + " " + big.get(49) + " " + big.values().size());
        Map<String, Integer> tm = new TreeMap<>(m);
        System.out.println(tm + " " + ((TreeMap<String, Integer>) tm).firstKey());
        Map<String, Integer> lhm = new LinkedHashMap<>();
        lhm.put("z", 1); lhm.put("a", 2); lhm.put("m", 3);
        System.out.println(lhm + " " + lhm.equals(Map.of("a", 2, "m", 3, "z", 1)));
    }
}
