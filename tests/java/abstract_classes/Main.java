// Exercises abstract classes and methods, template-method pattern, constructors calling overridden methods, super constructor chains.
abstract class Expr {
    abstract int eval();
    abstract String show();
    public String toString() { return show() + " = " + eval(); }
}

class Num extends Expr {
    final int v;
    Num(int v) { this.v = v; }
    int eval() { return v; }
    String show() { return String.valueOf(v); }
}

abstract class BinOp extends Expr {
    final Expr l, r;
    BinOp(Expr l, Expr r) { this.l = l; this.r = r; }
    abstract int apply(int a, int b);
    abstract char sym();
    int eval() { return apply(l.eval(), r.eval()); }
    String show() { return "(" + l.show() + " " + sym() + " " + r.show() + ")"; }
}

class Add extends BinOp {
    Add(Expr l, Expr r) { super(l, r); }
    int apply(int a, int b) { return a + b; }
    char sym() { return '+'; }
}

class Mul extends BinOp {
    Mul(Expr l, Expr r) { super(l, r); }
    int apply(int a, int b) { return a * b; }
    char sym() { return '*'; }
}

class Div extends BinOp {
    Div(Expr l, Expr r) { super(l, r); }
    int apply(int a, int b) { return a / b; }
    char sym() { return '/'; }
}

abstract class Init {
    Init() {
        System.out.println("Init ctor sees describe() = " + describe());
    }
    abstract String describe();
}

class Late extends Init {
    String name = "late-name";
    int num = 5;
    Late() {
        super();
        System.out.println("Late ctor sees describe() = " + describe());
    }
    String describe() { return name + "/" + num; }
}

public class Main {
    public static void main(String[] args) {
        Expr e = new Add(new Num(2), new Mul(new Num(3), new Num(4)));
        System.out.println(e);
        Expr e2 = new Div(new Mul(e, new Num(10)), new Add(new Num(-3), new Num(1)));
        System.out.println(e2);
        Expr bad = new Div(new Num(1), new Add(new Num(1), new Num(-1)));
        try {
            System.out.println(bad);
        } catch (ArithmeticException ex) {
            System.out.println("caught " + ex.getMessage() + " while showing " + bad.show());
        }
        new Late();
        Expr chain = new Num(1);
        for (int i = 2; i <= 20; i++) chain = (i % 2 == 0) ? new Add(chain, new Num(i)) : new Mul(chain, new Num(i % 3 + 1));
        System.out.println(chain.eval());
        BinOp op = new Mul(new Num(6), new Num(7));
        System.out.println(op.apply(3, 3) + " " + op.sym() + " " + op.eval());
    }
}
