// JVMS 5.4.6: a private method never overrides and is never selected for
// another class's call. B inherits A's private check() and I's default
// check(); i.check() runs I's, which throws (as on HotSpot). m5 once ran
// A's and said "ok" and "proved" (dispatch-private-ok is the twin that
// does not throw).
interface I {
    default void check() {
        throw new AssertionError();
    }
}

class A {
    private void check() {
    }
}

class B extends A implements I {
}

public class Main {
    public static void main(String[] args) {
        I i = new B();
        i.check();
    }
}
