// The twin of dispatch-private: B's own public check() overrides I's
// default, so nothing throws.
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
    public void check() {
    }
}

public class Main {
    public static void main(String[] args) {
        I i = new B();
        i.check();
    }
}
