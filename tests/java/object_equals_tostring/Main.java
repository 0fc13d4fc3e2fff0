// Exercises overridden equals/toString, default Object.equals (identity), println(Object) and string conversion of null, toString via interfaces/superclasses.
class Vec {
    final int x, y;
    Vec(int x, int y) { this.x = x; this.y = y; }
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Vec)) return false;
        Vec v = (Vec) o;
        return x == v.x && y == v.y;
    }
    public String toString() { return "Vec(" + x + ", " + y + ")"; }
}

class Vec3 extends Vec {
    final int z;
    Vec3(int x, int y, int z) { super(x, y); this.z = z; }
    public String toString() { return "Vec3(" + super.toString() + ", z=" + z + ")"; }
}

class Plain {
    int v;
    Plain(int v) { this.v = v; }
}

class Node {
    int val;
    Node next;
    Node(int v, Node n) { val = v; next = n; }
    public String toString() { return val + (next == null ? "" : " -> " + next); }
}

public class Main {
    public static void main(String[] args) {
        Vec a = new Vec(1, 2), b = new Vec(1, 2), c = new Vec(2, 1);
        Vec3 d = new Vec3(1, 2, 3);
        System.out.println(a.equals(b) + " " + (a == b) + " " + a.equals(c) + " " + a.equals(d) + " " + d.equals(a) + " " + a.equals(null) + " " + a.equals("Vec(1, 2)"));
        System.out.println(a);
        System.out.println(d);
        Object o = d;
        System.out.println(o);
        System.out.println(o.toString());
        System.out.println(String.valueOf(o));
        System.out.println("concat: " + o);
        Plain p1 = new Plain(1), p2 = new Plain(1);
        Object po = p1;
        System.out.println(p1.equals(p2) + " " + p1.equals(p1) + " " + po.equals(p1));
        Object nothing = null;
        System.out.println(nothing);
        System.out.println("null concat " + nothing);
        String ns = null;
        System.out.println(ns);
        System.out.print(nothing);
        System.out.print(' ');
        System.out.print(ns);
        System.out.println();
        Node list = null;
        for (int i = 5; i >= 1; i--) list = new Node(i, list);
        System.out.println(list);
        Object[] arr = {a, d, "str", null, new StringBuilder("sb")};
        for (Object x : arr) System.out.println("elem " + x);
        int eq = 0;
        Vec[] vs = new Vec[50];
        for (int i = 0; i < vs.length; i++) vs[i] = new Vec(i % 5, i % 3);
        for (int i = 0; i < vs.length; i++) for (int j = 0; j < vs.length; j++) if (vs[i].equals(vs[j])) eq++;
        System.out.println("equal pairs " + eq);
        Exception ex = new RuntimeException("as object");
        Object eo = ex;
        System.out.println(eo);
    }
}
