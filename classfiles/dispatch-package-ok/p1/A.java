package p1;

public class A {
    void check() {
        throw new AssertionError();
    }

    public void go() {
        check();
    }
}
