package p1;

// The twin: in A's package, B's check() overrides A's.
public class B extends A {
    public void check() {
    }
}
