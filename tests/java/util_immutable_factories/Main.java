import java.util.*;
public class Main {
    public static void main(String[] args) {
        List<Integer> l = List.of(3, 1, 2);
        System.out.println(l + " " + l.get(1) + " " + l.contains(2) + " " + l.indexOf(2) + " " + List.copyOf(new ArrayList<>(l)));
        try { l.add(4); } catch (UnsupportedOperationException e) { System.out.println("UOE " + e.getMessage()); }
        try { List.of(1, null); } catch (NullPointerException e) { System.out.println("NPE"); }
        Map<String, Integer> m = Map.of("one", 1);
        System.out.println(m + " " + m.get("one") + " " + Map.entry("k", 2) + " " + Set.of(5).contains(5) + " " + Set.of().isEmpty());
        List<String> unmod = Collections.unmodifiableList(Arrays.asList("p", "q"));
        System.out.println(unmod + " " + Arrays.asList(1, 2).equals(List.of(1, 2)) + " " + List.of(1, 2).hashCode());
    }
}
