// Exercises enums: name(), ordinal(), values() (fresh array each call), ==, fields/constructors, constant-specific bodies, static init order of constants.
enum Color { RED, GREEN, BLUE }

enum Planet {
    MERCURY(3, 1), VENUS(6, 2), EARTH(6, 3);
    final int radius;
    final int order;
    Planet(int r, int o) { radius = r; order = o; System.out.println("constructing " + name() + " ordinal " + ordinal()); }
    int score() { return radius * 10 + order; }
}

enum Op {
    PLUS { int apply(int a, int b) { return a + b; } },
    MINUS { int apply(int a, int b) { return a - b; } },
    TIMES { int apply(int a, int b) { return a * b; } };
    abstract int apply(int a, int b);
}

interface Describable { String describe(); }

enum Level implements Describable {
    LOW, MID, HIGH;
    public String describe() { return name().toLowerCase() + "#" + ordinal(); }
    Level next() { Level[] vs = values(); return vs[(ordinal() + 1) % vs.length]; }
}

public class Main {
    static String colorName(Color c) {
        if (c == Color.RED) return "warm";
        if (c == Color.BLUE) return "cool";
        return "neutral";
    }

    public static void main(String[] args) {
        System.out.println("main start");
        for (Color c : Color.values()) System.out.println(c.name() + " " + c.ordinal() + " " + colorName(c));
        System.out.println("planets:");
        for (Planet p : Planet.values()) System.out.println(p.name() + " score " + p.score());
        for (Op op : Op.values()) System.out.println(op.name() + " " + op.apply(7, 3));
        Level l = Level.LOW;
        for (int i = 0; i < 5; i++) { System.out.println(l.describe()); l = l.next(); }
        Describable d = Level.HIGH;
        System.out.println(d.describe());
        Color[] v1 = Color.values();
        Color[] v2 = Color.values();
        v1[0] = Color.BLUE;
        System.out.println((v1 != v2) + " " + v2[0].name() + " " + v1.length);
        Color g = Color.GREEN;
        System.out.println((g == Color.GREEN) + " " + (g == Color.RED));
        Object o = Op.PLUS;
        System.out.println((o instanceof Op) + " " + (o == Op.PLUS));
        int[] counts = new int[3];
        for (int i = 0; i < 300; i++) counts[Color.values()[i % 3].ordinal()]++;
        System.out.println(counts[0] + " " + counts[1] + " " + counts[2]);
    }
}
