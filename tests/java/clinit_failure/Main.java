// Exercises failing static initializers: ExceptionInInitializerError wrapping (with getCause), Errors not wrapped, later NoClassDefFoundError, partial state.
class Bad {
    static int before = Main.note("Bad.before");
    static int value;
    static {
        if (before > 0) throw new IllegalStateException("boom in Bad");
        value = 1;
    }
    static int get() { return value; }
}

class BadError {
    static {
        if (Main.count >= 0) throw new AssertionError("error in clinit");
    }
    static int x = 3;
}

class BadArith {
    static int zero = 0;
    static int q = 10 / zero;
}

class SubOfBad extends Bad {
    static { System.out.println("SubOfBad static block (should never print)"); }
    static int s = 1;
}

class Fine {
    static int v = Main.note("Fine.v");
}

public class Main {
    static int count;

    static int note(String s) {
        count++;
        System.out.println("note " + s + " #" + count);
        return count;
    }

    static void describe(String what, Throwable t) {
        System.out.println(what + ": " + t + " | cause: " + t.getCause());
    }

    public static void main(String[] args) {
        try {
            System.out.println(Bad.get());
        } catch (ExceptionInInitializerError e) {
            describe("first use of Bad", e);
            System.out.println("message null? " + (e.getMessage() == null));
        }
        try {
            System.out.println(Bad.value);
        } catch (NoClassDefFoundError e) {
            System.out.println("second use of Bad: NoClassDefFoundError");
            System.out.println(e.getMessage());
        }
        try {
            new Bad();
        } catch (NoClassDefFoundError e) {
            System.out.println("new Bad(): NoClassDefFoundError");
        }
        try {
            System.out.println(SubOfBad.s);
        } catch (NoClassDefFoundError e) {
            System.out.println("SubOfBad: NoClassDefFoundError");
        } catch (ExceptionInInitializerError e) {
            System.out.println("SubOfBad: ExceptionInInitializerError");
        }
        try {
            System.out.println(BadError.x);
        } catch (ExceptionInInitializerError e) {
            System.out.println("BadError wrapped?! " + e);
        } catch (AssertionError e) {
            System.out.println("BadError threw AssertionError directly: " + e.getMessage());
        }
        try {
            System.out.println(BadError.x);
        } catch (NoClassDefFoundError e) {
            System.out.println("BadError later: NoClassDefFoundError");
        }
        try {
            System.out.println(BadArith.q);
        } catch (ExceptionInInitializerError e) {
            describe("BadArith", e);
            System.out.println("cause is ArithmeticException: " + (e.getCause() instanceof ArithmeticException));
        }
        try {
            BadArith.zero = 5;
        } catch (Error e) {
            System.out.println("putstatic on failed class: " + (e instanceof NoClassDefFoundError));
        }
        Bad[] arr = new Bad[2];
        System.out.println("array of failed class still ok: " + arr.length);
        System.out.println("Fine.v " + Fine.v + " count " + count);
        Throwable t = new ExceptionInInitializerError("manual");
        System.out.println(t + " / " + t.getMessage() + " / " + t.getCause());
    }
}
