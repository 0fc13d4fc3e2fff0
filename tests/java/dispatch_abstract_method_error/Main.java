// A default method taken away after its implementer was compiled
// (later/I.java makes m() abstract again): calling it throws
// AbstractMethodError, through the interface and through the class.
class C implements I {
}

abstract class P {
    abstract int f();

    int g() {
        return f() + 1;
    }
}

class Q extends P {
    int f() {
        return 41;
    }
}

public class Main {
    public static void main(String[] args) {
        System.out.println("g = " + new Q().g());
        I i = new C();
        try {
            System.out.println(i.m());
        } catch (AbstractMethodError e) {
            System.out.println("caught " + e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            System.out.println(new C().m());
        } catch (AbstractMethodError e) {
            System.out.println("caught " + e.getClass().getName());
        }
        new C().m();
    }
}
