/*
 * Class's structural queries: modifiers (a nested class's from its
 * InnerClasses entry), interfaces, member/local/anonymous classes and
 * where they are declared, enums and their constants, sealed classes,
 * nest hosts, declared and public methods and fields (sorted: HotSpot's
 * order is unspecified), descriptors, arrayType, newInstance.
 */
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Main {
    interface Shape extends Comparable<Shape> {
        int SIDES = 0;

        double area();

        default String describe() {
            return "shape " + area();
        }

        static Shape unit() {
            return new Square(1);
        }
    }

    static final class Square implements Shape, Serializable {
        public static final String KIND = "square";
        public final int side;
        private transient int cache;
        protected volatile long stamp;
        String note;

        Square(int side) {
            this.side = side;
        }

        public Square() {
            this(2);
        }

        public double area() {
            return side * side;
        }

        public int compareTo(Shape o) {
            return Double.compare(area(), o.area());
        }

        private void secret() {
        }

        static int helper(int[] xs, String... more) {
            return xs.length + more.length;
        }
    }

    private abstract static class Base {
        public int baseField;

        public abstract void act();

        public void common() {
        }
    }

    protected static class Derived extends Base {
        public int derivedField;

        public void act() {
        }
    }

    static class Holder {
        static Object made = new Holder().inner;
        final Object inner;

        Holder() {
            inner = new Object() {
            };
        }
    }

    enum Color {
        RED, GREEN {
            public String toString() {
                return "green!";
            }
        }, BLUE
    }

    sealed interface Node permits Leaf, Pair {
    }

    record Leaf(int v) implements Node {
    }

    record Pair(Node l, Node r) implements Node {
    }

    static String names(Class<?>[] cs) {
        List<String> out = new ArrayList<>();
        for (Class<?> c : cs) {
            out.add(c.getName());
        }
        out.sort(null);
        return out.toString();
    }

    static String methods(Method[] ms) {
        List<String> out = new ArrayList<>();
        for (Method m : ms) {
            if (!m.getName().startsWith("lambda$")) {
                out.add(m.toString());
            }
        }
        out.sort(null);
        return String.join("\n    ", out);
    }

    static String fields(Field[] fs) {
        List<String> out = new ArrayList<>();
        for (Field f : fs) {
            out.add(f.toString() + " [" + Modifier.toString(f.getModifiers()) + "]");
        }
        return String.join("\n    ", out);
    }

    static void where(String label, Class<?> c) {
        System.out.println(label + ": member=" + c.isMemberClass() + " local=" + c.isLocalClass()
                + " anonymous=" + c.isAnonymousClass() + " declaring=" + c.getDeclaringClass()
                + " enclosing=" + c.getEnclosingClass() + " simple=" + c.getSimpleName()
                + " modifiers=" + Modifier.toString(c.getModifiers()) + " synthetic=" + c.isSynthetic());
    }

    public static void main(String[] args) throws Exception {
        class Local {
        }
        Object anon = new Object() {
        };
        where("Main", Main.class);
        where("Square", Square.class);
        where("Shape", Shape.class);
        where("Base", Base.class);
        where("Derived", Derived.class);
        where("Local", Local.class);
        where("anonymous", anon.getClass());
        where("int[]", int[].class);
        System.out.println("enclosing method: " + Local.class.getEnclosingMethod() + " / "
                + anon.getClass().getEnclosingMethod() + " / " + Square.class.getEnclosingMethod()
                + " / " + Local.class.getEnclosingConstructor() + " / " + Holder.made.getClass().getEnclosingConstructor()
                + " / " + Holder.made.getClass().getEnclosingMethod());
        where("Square[]", Square[].class);
        System.out.println("int modifiers: " + Modifier.toString(int.class.getModifiers()));
        System.out.println("interfaces: " + names(Square.class.getInterfaces()) + " " + names(Shape.class.getInterfaces())
                + " " + names(int[].class.getInterfaces()) + " " + names(Derived.class.getInterfaces()));
        System.out.println("declared classes: " + names(Main.class.getDeclaredClasses()));
        System.out.println("classes: " + names(Main.class.getClasses()));
        System.out.println("enum: " + Color.class.isEnum() + " " + Color.GREEN.getClass().isEnum() + " "
                + Arrays.toString(Color.class.getEnumConstants()) + " " + Square.class.getEnumConstants());
        System.out.println("annotation: " + Override.class.isAnnotation() + " " + Square.class.isAnnotation());
        System.out.println("sealed: " + Node.class.isSealed() + " " + names(Node.class.getPermittedSubclasses())
                + " " + Leaf.class.isSealed() + " " + Leaf.class.getPermittedSubclasses());
        System.out.println("nest: " + Square.class.getNestHost().getName() + " " + Main.class.getNestHost().getName()
                + " " + Square.class.isNestmateOf(Leaf.class) + " " + Square.class.isNestmateOf(String.class));
        System.out.println("descriptors: " + int.class.descriptorString() + " " + String.class.descriptorString()
                + " " + int[][].class.descriptorString() + " " + void.class.descriptorString()
                + " " + Square[].class.descriptorString());
        System.out.println("arrayType: " + int.class.arrayType().getName() + " " + String[].class.arrayType().getName()
                + " " + Square.class.arrayType().componentType().getSimpleName());
        System.out.println("declared methods of Square:\n    " + methods(Square.class.getDeclaredMethods()));
        System.out.println("public methods of Square:\n    " + methods(Square.class.getMethods()));
        System.out.println("public methods of Derived:\n    " + methods(Derived.class.getMethods()));
        System.out.println("public methods of Shape:\n    " + methods(Shape.class.getMethods()));
        System.out.println("declared fields of Square:\n    " + fields(Square.class.getDeclaredFields()));
        System.out.println("public fields of Square:\n    " + fields(Square.class.getFields()));
        System.out.println("public fields of Derived:\n    " + fields(Derived.class.getFields()));
        System.out.println("getField: " + Square.class.getField("SIDES") + " / " + Derived.class.getField("baseField"));
        try {
            Square.class.getField("cache");
        } catch (NoSuchFieldException e) {
            System.out.println("not public: " + e.getMessage());
        }
        System.out.println("record fields:\n    " + fields(Leaf.class.getDeclaredFields()));
        @SuppressWarnings("deprecation")
        Square made = Square.class.newInstance();
        System.out.println("newInstance: " + made.side);
        try {
            @SuppressWarnings("deprecation")
            Object o = Shape.class.newInstance();
        } catch (InstantiationException e) {
            System.out.println("interface newInstance: " + e.getMessage() + " " + e.getCause());
        }
    }
}
