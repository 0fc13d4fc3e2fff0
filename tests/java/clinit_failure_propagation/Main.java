// JVMS 5.5: a class is marked in progress before its superclass is
// initialized; when the superclass's initializer fails, the subclass fails
// too (its own initializer, with its handlers, never starts), the same
// exception goes on, and later uses of either class throw
// NoClassDefFoundError naming that class, with JDK 17's cause.
class Super {
    static int y = Main.boom();
}

class Sub extends Super {
    static int x;
    static {
        try {
            x = 1;
        } catch (Throwable t) {
            System.out.println("Sub caught " + t);
        }
        System.out.println("Sub.<clinit> ran");
    }
}

class Bad {
    static int v = Main.boom();
    static int w = 3;
}

class BadErr {
    static {
        if (true) {
            throw new AssertionError("in clinit");
        }
    }
}

interface P { int A = Main.f("P.A"); private void priv() {} }
interface S { int B = Main.f("S.B"); static void st() { System.out.println("S.st"); } }
interface D { int C = Main.f("D.C"); default void d() { System.out.println("D.d"); } }
interface E extends D { int E1 = Main.f("E.E1"); }
class K implements P, S, E { static { System.out.println("K init"); } }

public class Main {
    static int boom() {
        throw new IllegalStateException("boom");
    }

    static int f(String s) {
        System.out.println("init " + s);
        return 1;
    }

    public static void main(String[] args) {
        for (int i = 0; i < 2; i++) {
            try {
                System.out.println("Sub.x=" + Sub.x);
            } catch (Throwable t) {
                System.out.println("main caught " + t);
            }
        }
        for (int i = 0; i < 2; i++) {
            try {
                System.out.println(Bad.w);
            } catch (Throwable t) {
                System.out.println(t + " | cause=" + t.getCause());
            }
        }
        for (int i = 0; i < 2; i++) {
            try {
                new BadErr();
            } catch (Throwable t) {
                System.out.println(t + " | cause=" + t.getCause());
            }
        }
        new K();
        System.out.println("--");
        S.st();
        System.out.println(E.E1);
    }
}
