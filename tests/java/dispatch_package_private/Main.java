// A package-private method is overridden only by a method in the same
// run-time package: p1.A.go() calls p1.A.check even on a p2.B, which
// declares its own check().
public class Main {
    public static void main(String[] args) {
        p2.B b = new p2.B();
        b.check();
        try {
            b.go();
        } catch (AssertionError e) {
            System.out.println("caught: " + e.getMessage());
        }
        b.go();
        System.out.println("not reached");
    }
}
