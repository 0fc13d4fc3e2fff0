import java.util.*;
public class Main {
    record Point(int x, int y) {
        Point {
            if (x < 0) throw new IllegalArgumentException("negative x");
        }
        int dist() { return Math.abs(x) + Math.abs(y); }
    }
    record Named(String name, double w, long id, Point p) {}
    public static void main(String[] args) {
        Point a = new Point(1, 2), b = new Point(1, 2), c = new Point(2, 1);
        System.out.println(a + " " + a.equals(b) + " " + a.equals(c) + " " + (a.hashCode() == b.hashCode()) + " " + a.x() + " " + c.dist());
        Named n = new Named("n", 1.5, 7L, a);
        System.out.println(n + " " + n.equals(new Named("n", 1.5, 7L, b)) + " " + n.equals(new Named(null, 1.5, 7L, b)));
        Named nul = new Named(null, 0.0, 0, null);
        System.out.println(nul + " " + nul.equals(new Named(null, -0.0, 0, null)) + " " + nul.hashCode());
        try { new Point(-1, 0); } catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }
        Set<Point> ps = new HashSet<>(List.of(a, c));
        System.out.println(ps.contains(b) + " " + a.hashCode());
    }
}
