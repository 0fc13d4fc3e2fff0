package p1;

public class A {
    void check() {
        throw new AssertionError("p1.A.check: p2.B.check does not override it");
    }

    public void go() {
        check();
    }
}
