import java.util.*;
public class Main {
    public static void main(String[] args) {
        List<Integer> xs = new ArrayList<>(List.of(5, 3, 8, 1, 9, 2));
        Collections.sort(xs);
        System.out.println(xs + " " + Collections.max(xs) + " " + Collections.min(xs));
        Collections.reverse(xs);
        System.out.println(xs);
        Collections.swap(xs, 0, 5);
        System.out.println(xs + " " + Collections.frequency(xs, 8));
        Collections.shuffle(xs, new Random(42));
        System.out.println(xs);
        List<String> ro = Collections.unmodifiableList(new ArrayList<>(List.of("a")));
        try { ro.add("b"); } catch (UnsupportedOperationException e) { System.out.println("UOE " + e.getMessage()); }
        System.out.println(Collections.nCopies(3, "ab") + " " + Collections.emptyList() + " " + Collections.singletonList(7));
        List<Integer> sync = Collections.synchronizedList(new ArrayList<>());
        sync.add(1);
        System.out.println(sync + " " + Collections.binarySearch(List.of(1, 3, 5), 3));
        Random r = new Random(7);
        System.out.println(r.nextInt(100) + " " + r.nextInt(100) + " " + r.nextLong() + " " + r.nextBoolean() + " " + r.nextDouble());
    }
}
