// JVMS 5.4.6: a private method is never selected for another class's
// invokevirtual/invokeinterface and never overrides. B inherits A's
// private check() and I's default check(): i.check() runs I's, which throws.
interface I {
    default void check() {
        throw new AssertionError("I.check runs: A's private check() does not override it");
    }
}

class A {
    private void check() {
        System.out.println("A.check (private) called from A");
    }

    void useOwn() {
        check();
    }
}

class B extends A implements I {
}

public class Main {
    public static void main(String[] args) {
        new B().useOwn();
        I i = new B();
        try {
            i.check();
        } catch (AssertionError e) {
            System.out.println("caught: " + e.getMessage());
        }
        i.check();
        System.out.println("not reached");
    }
}
