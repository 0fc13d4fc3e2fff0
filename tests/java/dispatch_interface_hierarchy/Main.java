// Interfaces extending interfaces, abstract classes implementing part of
// an interface, Object's methods called through interfaces, and an
// interface's private and static methods.
interface Shape {
    double area();

    default String describe() {
        return name() + " of area " + area();
    }

    default String name() {
        return "shape";
    }

    boolean equals(Object o);
}

interface Polygon extends Shape {
    int sides();

    default String name() {
        return sides() + "-gon";
    }
}

interface Regular extends Polygon {
    default String name() {
        return "regular " + Polygon.super.name() + helper();
    }

    private String helper() {
        return "!";
    }

    static Regular unit() {
        return new Square(1);
    }
}

abstract class Quad implements Polygon {
    public int sides() {
        return 4;
    }
}

class Rect extends Quad {
    final double w, h;

    Rect(double w, double h) {
        this.w = w;
        this.h = h;
    }

    public double area() {
        return w * h;
    }

    public String toString() {
        return "Rect" + w + "x" + h;
    }
}

class Square extends Rect implements Regular {
    Square(double s) {
        super(s, s);
    }

    public String name() {
        return "square, " + Regular.super.name();
    }
}

class Circle implements Shape {
    public double area() {
        return 3.0;
    }
}

public class Main {
    public static void main(String[] args) {
        Shape[] shapes = {new Rect(2, 3), new Square(2), new Circle(), Regular.unit()};
        for (Shape s : shapes) {
            System.out.println(s.describe());
            System.out.println("  equals itself: " + s.equals(s) + ", hash stable: " + (s.hashCode() == s.hashCode()));
        }
        Polygon p = new Square(3);
        System.out.println(p.sides() + " " + p.toString());
        Shape c = new Circle();
        System.out.println(c.toString().startsWith("Circle@"));
    }
}
