// Pattern switches (Java 17 preview: --enable-preview --release 17): javac
// emits invokedynamic SwitchBootstraps.typeSwitch / enumSwitch.
public class Main {
    sealed interface Shape permits Circle, Square, Rect {}
    record Circle(int r) implements Shape {}
    record Square(int s) implements Shape {}
    record Rect(int w, int h) implements Shape {}
    enum Color { RED, GREEN, BLUE { public String toString() { return "blue!"; } } }

    static String describe(Object o) {
        return switch (o) {
            case null -> "null";
            case Circle c && c.r() > 10 -> "big circle " + c.r();
            case Circle c -> "circle " + c.r();
            case Square s -> "square " + s.s();
            case Rect r && r.w() == r.h() -> "square rect " + r.w();
            case Rect r -> "rect " + r.w() + "x" + r.h();
            case Integer i && i < 0 -> "negative " + i;
            case Integer i -> "int " + i;
            case String s && s.isEmpty() -> "empty string";
            case String s -> "string " + s.length();
            case int[] a -> "ints " + a.length;
            case Color c -> "color " + c.name();
            default -> "other " + o.getClass().getSimpleName();
        };
    }

    static int area(Shape s) {
        return switch (s) {
            case Circle c -> 3 * c.r() * c.r();
            case Square q -> q.s() * q.s();
            case Rect r -> r.w() * r.h();
        };
    }

    static String box(Integer n) {
        return switch (n) {
            case 1 -> "one";
            case 2 -> "two";
            case Integer i && i > 100 -> "large " + i;
            case Integer i -> "some " + i;
        };
    }

    static String letter(Character c) {
        return switch (c) {
            case 'a' -> "A";
            case 'b' -> "B";
            case Character x -> "char " + (int) x.charValue();
        };
    }

    static String color(Color c) {
        return switch (c) {
            case RED -> "red";
            case Color x && x.ordinal() == 1 -> "second";
            case Color x -> "else " + x;
        };
    }

    static String statement(Object o) {
        StringBuilder sb = new StringBuilder();
        switch (o) {
            case String s:
                sb.append("S").append(s);
                break;
            case Integer i:
                sb.append("I").append(i + 1);
                break;
            default:
                sb.append("D");
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        Object[] xs = {
            new Circle(2), new Circle(12), new Square(3), new Rect(4, 5), new Rect(6, 6),
            7, -3, "hello", "", new int[] {1, 2, 3}, Color.GREEN, Color.BLUE, null, 2.5,
            new StringBuilder("sb"), 'x'
        };
        for (Object x : xs) System.out.println(describe(x));
        for (Shape s : new Shape[] {new Circle(1), new Square(4), new Rect(2, 3)}) {
            System.out.println("area " + area(s));
        }
        for (int n : new int[] {1, 2, 3, 500}) System.out.println(box(n));
        for (char c : "abz".toCharArray()) System.out.println(letter(c));
        for (Color c : Color.values()) System.out.println(color(c));
        System.out.println(statement("q") + statement(41) + statement(1.0));
        try {
            box(null);
        } catch (NullPointerException e) {
            System.out.println("NPE from a switch on null");
        }
        try {
            area(null);
        } catch (NullPointerException e) {
            System.out.println("NPE again");
        }
    }
}
