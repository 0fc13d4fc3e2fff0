// p1.A.go() calls its package-private check() on a p2.B: B's check() does
// not override it, so A's runs and throws (as on HotSpot).
public class Main {
    public static void main(String[] args) {
        new p2.B().go();
    }
}
