package p2;

public class Derived extends p1.Base {
    protected String name() {
        return "Derived(" + super.name() + ")";
    }

    protected int size() {
        return 7;
    }
}
