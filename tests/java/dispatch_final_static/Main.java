// Final methods, static methods hiding each other (never dispatched), and
// fields hiding fields.
class Base {
    static String kind() {
        return "Base.kind";
    }

    String field = "Base.field";

    final String fixed() {
        return "Base.fixed sees " + kind() + " and " + field + " and " + dyn();
    }

    String dyn() {
        return "Base.dyn";
    }
}

class Derived extends Base {
    static String kind() {
        return "Derived.kind";
    }

    String field = "Derived.field";

    String dyn() {
        return "Derived.dyn";
    }
}

public class Main {
    public static void main(String[] args) {
        Base b = new Derived();
        System.out.println(b.fixed());
        System.out.println(b.field + " " + ((Derived) b).field);
        System.out.println(Base.kind() + " " + Derived.kind());
    }
}
