// Exercises interface initialization rules: superinterfaces with default methods are initialized with the class, ones without defaults are not; interface field access.
class Log {
    static int mark(String s) { System.out.println("init " + s); return 1; }
}

interface Plain {
    int P = Log.mark("Plain.P");  // not a compile-time constant
    void m();
}

interface WithDefault {
    int W = Log.mark("WithDefault.W");
    default void d() { System.out.println("WithDefault.d"); }
}

interface SubPlain extends WithDefault {
    int SP = Log.mark("SubPlain.SP");
    void n();
}

interface Const {
    int K = 12;              // constant: never triggers init
    int NK = Log.mark("Const.NK");
}

class Impl implements Plain, SubPlain {
    static { System.out.println("init Impl"); }
    public void m() { System.out.println("Impl.m"); }
    public void n() { System.out.println("Impl.n"); }
}

class Parent {
    static { System.out.println("init Parent"); }
}

class Child extends Parent implements WithDefault {
    static { System.out.println("init Child"); }
}

public class Main {
    public static void main(String[] args) {
        System.out.println("start");
        System.out.println("Const.K " + Const.K);
        Impl i = new Impl();
        i.m();
        i.n();
        i.d();
        System.out.println("now Plain.P");
        System.out.println(Plain.P);
        System.out.println("now SubPlain.SP");
        System.out.println(SubPlain.SP);
        System.out.println("new Child");
        new Child();
        System.out.println("Const.NK");
        System.out.println(Const.NK);
        System.out.println("end");
    }
}
