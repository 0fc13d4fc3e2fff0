// Default methods: the maximally-specific superinterface method wins, a
// class's own method beats every default, and X.super.m() picks a
// particular interface's.
interface I {
    default String m() {
        return "I.m";
    }
}

interface J extends I {
    default String m() {
        return "J.m > " + I.super.m();
    }
}

interface K extends I {
}

class C implements K, J {
}

class D implements I, J {
}

class E implements J {
    public String m() {
        return "E.m > " + J.super.m();
    }
}

class F extends E implements K {
}

public class Main {
    public static void main(String[] args) {
        I[] all = {new C(), new D(), new E(), new F()};
        for (I x : all) {
            System.out.println(x.getClass().getName() + ": " + x.m());
        }
        K k = new C();
        System.out.println("via K: " + k.m());
        J j = new F();
        System.out.println("via J: " + j.m());
    }
}
