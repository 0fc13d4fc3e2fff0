import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

// Core reflection on methods: getMethod (public, inherited, from
// interfaces), getDeclaredMethod (private too), invoke on static and
// instance methods (dispatched on the receiver), primitive arguments and
// results boxed, exceptions wrapped, and the checks invoke makes.
public class Main {
    interface Shape {
        double area();

        default String describe() {
            return getClass().getSimpleName() + " of area " + area();
        }
    }

    static class Square implements Shape {
        final double side;

        Square(double side) {
            this.side = side;
        }

        public double area() {
            return side * side;
        }

        public String toString() {
            return "Square(" + side + ")";
        }
    }

    static class Big extends Square {
        Big() {
            super(10);
        }

        public double area() {
            return 1000;
        }
    }

    static int calls;

    public static int add(int a, int b) {
        calls++;
        return a + b;
    }

    public static long mix(long a, char c, boolean flag, byte b, short s, float f, double d) {
        return a + c + (flag ? 1 : 0) + b + s + (long) f + (long) d;
    }

    public static char next(char c) {
        return (char) (c + 1);
    }

    public static boolean not(boolean b) {
        return !b;
    }

    public static void fail(String why) {
        throw new IllegalStateException(why);
    }

    private static String secret(String s) {
        return "secret " + s;
    }

    public static synchronized String locked() {
        return "holds lock: " + Thread.holdsLock(Main.class);
    }

    public static void main(String[] args) throws Exception {
        Method add = Main.class.getMethod("add", int.class, int.class);
        System.out.println(add.getName() + " " + add.getReturnType() + " " + add.getParameterCount()
                + " static=" + Modifier.isStatic(add.getModifiers()));
        System.out.println(add);
        Object sum = add.invoke(null, 2, 40);
        System.out.println(sum + " " + sum.getClass().getName() + " calls=" + calls);
        Method mix = Main.class.getMethod("mix", long.class, char.class, boolean.class, byte.class,
                short.class, float.class, double.class);
        System.out.println(mix.invoke(null, 1L, 'a', true, (byte) 2, (short) 3, 4.5f, 5.5));
        System.out.println(Main.class.getMethod("next", char.class).invoke(null, 'x'));
        System.out.println(Main.class.getMethod("not", boolean.class).invoke(null, false));
        System.out.println(Main.class.getMethod("locked").invoke(null));

        Method area = Shape.class.getMethod("area");
        System.out.println(area.invoke(new Square(3)) + " " + area.invoke(new Big()));
        Method describe = Square.class.getMethod("describe");
        System.out.println(describe.getDeclaringClass().getName() + ": " + describe.invoke(new Square(2)));
        Method ts = Big.class.getMethod("toString");
        System.out.println(ts.getDeclaringClass().getSimpleName() + " " + ts.invoke(new Big()));
        System.out.println(Object.class.getMethod("hashCode").getReturnType());

        Method secret = Main.class.getDeclaredMethod("secret", String.class);
        System.out.println(Modifier.isPrivate(secret.getModifiers()) + " " + secret.invoke(null, "x"));
        try {
            Main.class.getMethod("secret", String.class);
        } catch (NoSuchMethodException e) {
            System.out.println("NoSuchMethodException " + e.getMessage());
        }
        try {
            Main.class.getMethod("add", int.class);
        } catch (NoSuchMethodException e) {
            System.out.println("NoSuchMethodException " + e.getMessage());
        }
        try {
            Main.class.getMethod("fail", String.class).invoke(null, "boom");
        } catch (InvocationTargetException e) {
            System.out.println("wrapped " + e.getCause());
        }
        try {
            add.invoke(null, 1, "two");
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException " + e.getMessage());
        }
        try {
            area.invoke("not a shape");
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException " + e.getMessage());
        }
        try {
            area.invoke(null);
        } catch (NullPointerException e) {
            System.out.println("NullPointerException");
        }
        try {
            add.invoke(null, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException (wrong number of arguments)");
        }
        System.out.println("calls=" + calls);
    }
}
