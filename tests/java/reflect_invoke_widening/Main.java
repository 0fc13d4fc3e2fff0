import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

// Method.invoke and Constructor.newInstance unbox their arguments and
// widen them as a method invocation would (an Integer passed to a long or
// double parameter, a Character to an int, a Byte to a short), but never
// narrow or unbox to another kind.
public class Main {
    public static long area(long w, double h) {
        return (long) (w * h);
    }

    public static String kinds(short s, int i, long l, float f, double d) {
        return s + " " + i + " " + l + " " + f + " " + d;
    }

    public static int code(int c) {
        return c;
    }

    static class Box {
        final double weight;

        public Box(double weight) {
            this.weight = weight;
        }

        @Override
        public String toString() {
            return "Box(" + weight + ")";
        }
    }

    public static void main(String[] args) throws Exception {
        Method area = Main.class.getMethod("area", long.class, double.class);
        System.out.println(area.invoke(null, 6, 2.5f) + " " + area.invoke(null, (byte) 3, 'a') + " " + area.invoke(null, 7L, 3L));
        Method kinds = Main.class.getMethod("kinds", short.class, int.class, long.class, float.class, double.class);
        System.out.println(kinds.invoke(null, (byte) 1, 'A', 3, 4L, 5.5f));
        System.out.println(kinds.invoke(null, (short) -2, (short) 300, 'z', 'x', Long.MAX_VALUE));
        Method code = Main.class.getMethod("code", int.class);
        System.out.println(code.invoke(null, 'A') + " " + code.invoke(null, (byte) -1));
        Object[][] bad = {{5L}, {1.0f}, {true}, {"7"}};
        for (Object[] a : bad) {
            try {
                code.invoke(null, a);
            } catch (IllegalArgumentException e) {
                System.out.println(a[0].getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        try {
            code.invoke(null, (Object) null);
        } catch (IllegalArgumentException e) {
            // JDK 17 gives no message; JDK 18+ names the NullPointerException.
            System.out.println("null for int: IllegalArgumentException, no message " + (e.getMessage() == null));
        }
        try {
            kinds.invoke(null, 1, 2, 3, 4, 5);
        } catch (IllegalArgumentException e) {
            System.out.println("Integer to short: " + e.getMessage());
        }
        Constructor<Box> box = Box.class.getConstructor(double.class);
        System.out.println(box.newInstance(3) + " " + box.newInstance('B') + " " + box.newInstance(7L));
        try {
            box.newInstance("heavy");
        } catch (IllegalArgumentException e) {
            System.out.println("String to double: " + e.getMessage());
        } catch (InvocationTargetException e) {
            System.out.println("unexpected " + e);
        }
    }
}
