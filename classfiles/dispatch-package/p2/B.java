package p2;

// Not an override of p1.A.check: package-private methods are overridden
// only from their own run-time package.
public class B extends p1.A {
    public void check() {
    }
}
