// Class.getCanonicalName (nested, arrays, primitives, local, anonymous,
// lambda) and Short.reverseBytes: the two methods the random programs of
// JavaFuzzer needed.
public class Main {
    static class Nested {
        static class Deeper {}
    }
    interface Shape {}

    public static void main(String[] args) {
        class Local {}
        Object anon = new Object() {};
        Runnable lambda = () -> {};
        Class<?>[] classes = {
            Main.class, Nested.class, Nested.Deeper.class, Shape.class,
            int[].class, long[][].class, Nested[].class, String[][].class,
            Local.class, Local[].class, anon.getClass(), String.class, Integer.class,
        };
        for (Class<?> c : classes) {
            System.out.println(c.getName() + " -> " + c.getCanonicalName());
        }
        System.out.println(lambda.getClass().getCanonicalName());
        short[] values = {0, 1, -1, 0x1234, (short) 0x8000, 0x7fff, (short) 0xff00, 0x00ff, -2};
        for (short s : values) {
            System.out.println(s + " " + Short.reverseBytes(s) + " " + Short.reverseBytes(Short.reverseBytes(s)));
        }
    }
}
