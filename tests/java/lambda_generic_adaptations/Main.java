// Adaptations around generic implementations (found by probing against
// HotSpot): an Object returned where the interface returns a String is
// cast (a ClassCastException when it is not one); an Object unboxed to a
// numeric primitive goes through Number (a Short gives an int); a nested
// class named `$Lambda$1` does not clash with the class m5 writes for a
// lambda, and its frames stay in stack traces.
public class Main {
    interface StrGetter { String get(); }
    interface ShortToInt { int f(Short s); }
    interface ByteToLong { long f(Byte b); }
    interface FloatToDouble { double f(Float x); }
    interface CharToInt { int f(Character c); }

    static Object v = 42;

    @SuppressWarnings("unchecked")
    static <T> T get() {
        return (T) v;
    }

    static <T> T id(T t) {
        return t;
    }

    static class $Lambda$1 {
        static String hello() {
            return "user class";
        }
    }

    static class $Lambda$X {
        static void boom() {
            throw new RuntimeException("boom");
        }
    }

    public static void main(String[] a) {
        ShortToInt f = Main::id;
        System.out.println(f.f((short) 4));
        ByteToLong g = Main::id;
        System.out.println(g.f((byte) 5));
        FloatToDouble h = Main::id;
        System.out.println(h.f(1.5f));
        System.out.println($Lambda$1.hello());
        Runnable r = () -> System.out.println("lambda runs");
        r.run();
        System.out.println(r.getClass().getSimpleName().isEmpty());
        try {
            $Lambda$X.boom();
        } catch (RuntimeException e) {
            e.printStackTrace(System.out);
        }
        StrGetter sg = Main::get;
        try {
            String s = sg.get();
            System.out.println(s.length());
        } catch (ClassCastException e) {
            System.out.println("ClassCastException");
        }
        v = "a string";
        System.out.println(sg.get().length());
        CharToInt c = Main::id;
        try {
            System.out.println(c.f('x'));
        } catch (ClassCastException e) {
            System.out.println("ClassCastException for char");
        }
    }
}
