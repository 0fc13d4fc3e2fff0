// Two interfaces give C a default m() only after C was compiled (J's is
// added by separate compilation, later/J.java): invokevirtual then throws
// IncompatibleClassChangeError (conflicting defaults, JVMS 5.4.6); a class
// that overrides m() is unaffected. (Through the interface, JVMS says
// IncompatibleClassChangeError too, but HotSpot 17 throws
// AbstractMethodError; m5 follows the specification, so that call is not
// compared here.)
interface I {
    default String m() {
        return "I.m";
    }
}

class C implements I, J {
}

class Fixed implements I, J {
    public String m() {
        return "Fixed.m";
    }
}

public class Main {
    public static void main(String[] args) {
        System.out.println(new Fixed().m());
        C c = new C();
        try {
            System.out.println(c.m());
        } catch (IncompatibleClassChangeError e) {
            System.out.println("caught " + e.getClass().getName() + ": " + e.getMessage());
        }
        System.out.println(new C().m());
    }
}
