// Exercises inner classes (outer this access), static nested classes, anonymous classes capturing locals, local classes, private access across nests.
public class Main {
    private int secret = 42;
    private static int staticSecret = 7;
    private String name;

    Main(String name) { this.name = name; }

    class Inner {
        int innerVal = 1;
        String show() { return name + ":" + secret + ":" + innerVal; }
        void bump() { secret++; }
        Deeper newDeeper() { return new Deeper(); }
        class Deeper {
            String show() { return "deep " + name + " " + innerVal + " " + Main.this.secret; }
        }
    }

    // Factory methods instead of "outer.new Inner()": javac compiles a qualified
    // instance creation to java.util.Objects.requireNonNull(outer), which is outside m5's library.
    Inner newInner() { return new Inner(); }

    static class Nested {
        private int hidden = 99;
        int peek(Main m) { return m.secret + staticSecret; }
    }

    interface Greeter {
        String greet(String who);
    }

    Greeter makeGreeter(final String prefix) {
        final int count = secret;
        return new Greeter() {
            int calls = 0;
            public String greet(String who) {
                calls++;
                return prefix + ", " + who + " from " + name + " (" + count + ", call " + calls + ")";
            }
        };
    }

    static abstract class Op {
        abstract int apply(int x);
    }

    static Op compose(final Op f, final Op g) {
        return new Op() {
            int apply(int x) { return f.apply(g.apply(x)); }
        };
    }

    public static void main(String[] args) {
        Main m = new Main("outer");
        Main.Inner in = m.newInner();
        System.out.println(in.show());
        in.bump();
        in.bump();
        System.out.println(in.show());
        Main.Inner.Deeper deep = in.newDeeper();
        System.out.println(deep.show());
        Nested n = new Nested();
        System.out.println(n.peek(m) + " " + n.hidden);
        Greeter g = m.makeGreeter("Hello");
        System.out.println(g.greet("Ann"));
        System.out.println(g.greet("Bob"));
        m.secret = 0;
        System.out.println(m.makeGreeter("Hi").greet("Cy"));
        Op inc = new Op() { int apply(int x) { return x + 1; } };
        Op dbl = new Op() { int apply(int x) { return x * 2; } };
        System.out.println(compose(inc, dbl).apply(5) + " " + compose(dbl, inc).apply(5));
        Op chain = inc;
        for (int i = 0; i < 10; i++) chain = compose(chain, (i % 2 == 0) ? dbl : inc);
        System.out.println(chain.apply(1));
        final int base = 1000;
        class Local {
            int v;
            Local(int v) { this.v = v; }
            int total() { return base + v + staticSecret; }
        }
        Local[] locals = new Local[3];
        for (int i = 0; i < 3; i++) locals[i] = new Local(i * 10);
        for (Local l : locals) System.out.println("local " + l.total());
        Main other = new Main("other");
        Inner i2 = other.newInner();
        i2.innerVal = 5;
        System.out.println(i2.show() + " / " + in.show());
        Runnable r = new Runnable() {
            public void run() { System.out.println("anonymous runnable run directly, staticSecret=" + staticSecret); }
        };
        r.run();
    }
}
