/*
 * Constructors through reflection: getConstructor / getDeclaredConstructor
 * by parameter types, newInstance with boxed and reference arguments, the
 * exceptions (no such constructor, wrong arguments, an abstract class, a
 * constructor that throws), the lists of constructors, toString, and a
 * class initialized by its first newInstance.
 */
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static class Point {
        final int x;
        final String label;

        public Point() {
            this(0, "origin");
        }

        public Point(int x, String label) {
            this.x = x;
            this.label = label;
        }

        private Point(long big) {
            this((int) (big % 1000), "long");
        }

        Point(String fail) {
            throw new IllegalStateException("refused: " + fail);
        }

        public String toString() {
            return label + "@" + x;
        }
    }

    abstract static class Shape {
        public Shape() {
        }
    }

    static class Late {
        static {
            System.out.println("Late initialized");
        }

        public Late() {
            System.out.println("Late constructed");
        }
    }

    static String names(Constructor<?>[] cs) {
        List<String> out = new ArrayList<>();
        for (Constructor<?> c : cs) {
            out.add(c.toString() + "/" + c.getParameterCount());
        }
        out.sort(null);
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        Constructor<Point> none = Point.class.getConstructor();
        System.out.println("none: " + none.newInstance() + " " + none.getName() + " " + none.getDeclaringClass().getSimpleName());
        Constructor<Point> two = Point.class.getConstructor(int.class, String.class);
        System.out.println("two: " + two.newInstance(7, "seven") + " " + two);
        Constructor<Point> priv = Point.class.getDeclaredConstructor(long.class);
        priv.setAccessible(true);
        System.out.println("private: " + priv.newInstance(123456L) + " " + priv + " " + priv.getModifiers());
        try {
            Point.class.getConstructor(long.class);
        } catch (NoSuchMethodException e) {
            System.out.println("public only: " + e.getMessage());
        }
        try {
            Point.class.getDeclaredConstructor(double.class);
        } catch (NoSuchMethodException e) {
            System.out.println("missing: " + e.getMessage());
        }
        try {
            two.newInstance(1);
        } catch (IllegalArgumentException e) {
            System.out.println("count: " + e.getClass().getSimpleName());
        }
        try {
            two.newInstance("x", "y");
        } catch (IllegalArgumentException e) {
            System.out.println("type: " + e.getMessage());
        }
        try {
            Point.class.getDeclaredConstructor(String.class).newInstance("no");
        } catch (InvocationTargetException e) {
            System.out.println("throws: " + e.getCause());
        }
        try {
            Shape.class.getConstructor().newInstance();
        } catch (InstantiationException e) {
            System.out.println("abstract: " + e.getClass().getSimpleName());
        }
        System.out.println("public: " + names(Point.class.getConstructors()));
        System.out.println("declared: " + names(Point.class.getDeclaredConstructors()));
        System.out.println("parameters: " + two.getParameterTypes().length + " " + two.getParameterTypes()[1].getName());
        System.out.println("before Late");
        Constructor<Late> late = Late.class.getConstructor();
        System.out.println("got Late's constructor");
        late.newInstance();
        StringBuilder sb = StringBuilder.class.getConstructor(String.class).newInstance("jdk");
        System.out.println("library: " + sb.append('!'));
        ArrayList<?> list = ArrayList.class.getConstructor(int.class).newInstance(4);
        System.out.println("list: " + list.size());
    }
}
