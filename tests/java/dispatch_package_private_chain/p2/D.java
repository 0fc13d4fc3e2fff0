package p2;

// Does not override p1.A.who: another package, and nothing in between.
public class D extends p1.A {
    String who() {
        return "p2.D";
    }

    public String mine() {
        return who();
    }
}
