import java.util.*;
public class Main {
    static final class Pt {
        final int x, y;
        Pt(int x, int y) { this.x = x; this.y = y; }
        @Override public boolean equals(Object o) { return o instanceof Pt p && p.x == x && p.y == y; }
        @Override public int hashCode() { return Objects.hash(x, y); }
    }
    public static void main(String[] args) {
        System.out.println(Objects.equals(null, null) + " " + Objects.equals("a", null) + " " + Objects.hash(1, "a", null) + " " + Objects.hashCode(null));
        System.out.println(Objects.toString(null) + " " + Objects.toString(null, "dflt") + " " + Objects.isNull(null) + " " + Objects.nonNull(1));
        System.out.println(new Pt(1, 2).equals(new Pt(1, 2)) + " " + new Pt(1, 2).hashCode() + " " + Objects.requireNonNullElse(null, "e"));
        try { Objects.requireNonNull(null, "thing must not be null"); } catch (NullPointerException e) { System.out.println(e.getMessage()); }
        try { Objects.checkIndex(5, 3); } catch (IndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        System.out.println(Objects.compare("a", "b", Comparator.naturalOrder()) + " " + Objects.checkIndex(1, 3) + " " + Objects.requireNonNullElseGet(null, () -> "g"));
    }
}
