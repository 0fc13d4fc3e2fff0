// invokespecial: super calls up a chain where the middle class does not
// declare the method, constructors, and private methods of an enclosing
// class called from a nested one (JDK 11 nestmates: invokevirtual of a
// private method).
class Top {
    String m() {
        return "Top.m";
    }
}

class Middle extends Top {
}

class Bottom extends Middle {
    String m() {
        return "Bottom.m > " + super.m();
    }
}

class Lowest extends Bottom {
    String m() {
        return "Lowest.m > " + super.m();
    }
}

public class Main {
    private int secret = 5;

    private String peek() {
        return "peek " + secret;
    }

    class Inner {
        String look() {
            return peek() + " via Inner";
        }
    }

    String viaInner() {
        return new Inner().look();
    }

    static class Sub extends Main {
        private String peek() {
            return "Sub.peek";
        }
    }

    public static void main(String[] args) {
        System.out.println(new Lowest().m());
        Top t = new Lowest();
        System.out.println(t.m());
        Main outer = new Sub();
        System.out.println(outer.viaInner());
        System.out.println(outer.peek());
    }
}
