package p2;

public class MoreDerived extends Derived {
    public String name() {
        return "More";
    }
}
