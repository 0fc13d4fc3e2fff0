import java.util.*;
public class Main {
    static final class Range implements Iterable<Integer> {
        final int lo, hi;
        Range(int lo, int hi) { this.lo = lo; this.hi = hi; }
        public Iterator<Integer> iterator() {
            return new Iterator<>() {
                int next = lo;
                public boolean hasNext() { return next < hi; }
                public Integer next() {
                    if (next >= hi) throw new NoSuchElementException("past " + hi);
                    return next++;
                }
            };
        }
    }
    public static void main(String[] args) {
        int sum = 0;
        for (int x : new Range(1, 11)) sum += x;
        System.out.println(sum);
        new Range(0, 3).forEach(x -> System.out.print(x + ";"));
        System.out.println();
        Iterator<Integer> it = new Range(5, 6).iterator();
        System.out.println(it.next() + " " + it.hasNext());
        try { it.next(); } catch (NoSuchElementException e) { System.out.println(e.getMessage()); }
        try { it.remove(); } catch (UnsupportedOperationException e) { System.out.println("remove: " + e.getMessage()); }
        Spliterator<Integer> sp = new Range(0, 4).spliterator();
        sp.forEachRemaining(x -> System.out.print(x));
        System.out.println();
    }
}
