// Exercises invokeinterface, default methods, overriding defaults, Iface.super.m() calls, super.m() resolving to an inherited default, static interface methods, interface constants.
interface Shape {
    int SIDES_UNKNOWN = -1;
    double area();
    default String describe() { return name() + " with area " + area(); }
    default String name() { return "shape"; }
    static Shape unit() { return new Square(1); }
}

interface Named {
    default String name() { return "named"; }
    String label();
}

interface Colored {
    default String color() { return "colorless"; }
}

class Square implements Shape, Colored {
    double side;
    Square(double s) { side = s; }
    public double area() { return side * side; }
    public String name() { return "square"; }
}

class Circle implements Shape, Named {
    double r;
    Circle(double r) { this.r = r; }
    public double area() { return 3 * r * r; }
    public String name() { return "circle/" + Shape.super.name() + "/" + Named.super.name(); }
    public String label() { return "C" + r; }
}

class Blob implements Shape {
    public double area() { return 0.5; }
}

class RedSquare extends Square {
    RedSquare(double s) { super(s); }
    public String color() { return "red (was " + super.color() + ")"; }
}

interface Counter {
    int next();
    default int skip(int n) {
        int last = 0;
        for (int i = 0; i < n; i++) last = next();
        return last;
    }
}

interface Resettable extends Counter {
    void reset();
    default int skip(int n) {
        reset();
        return Counter.super.skip(n) * 100;
    }
}

class Simple implements Resettable {
    int c;
    public int next() { return ++c; }
    public void reset() { c = 0; }
}

public class Main {
    public static void main(String[] args) {
        Shape[] shapes = {new Square(2), new Circle(1.5), new Blob(), Shape.unit(), new RedSquare(3)};
        for (Shape s : shapes) {
            System.out.println(s.describe());
        }
        Named n = new Circle(2);
        System.out.println(n.label() + " " + n.name());
        Colored c1 = new Square(1);
        Colored c2 = new RedSquare(1);
        System.out.println(c1.color() + " | " + c2.color());
        System.out.println(Shape.SIDES_UNKNOWN);
        Simple s = new Simple();
        s.next(); s.next();
        System.out.println(s.skip(5));
        Counter cnt = s;
        System.out.println(cnt.skip(3) + " " + cnt.next());
        Counter anon = new Counter() {
            int v = 10;
            public int next() { return v += 10; }
        };
        System.out.println(anon.skip(4) + " " + anon.next());
        double total = 0;
        for (int i = 0; i < 5000; i++) total += shapes[i % shapes.length].area();
        System.out.println(total);
    }
}
