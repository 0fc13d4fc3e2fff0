package p1;

// Back in A's package: overrides A.who directly, though p2.D's who()
// (which E also overrides? no: D.who is package-private in p2) sits between.
public class E extends p2.D {
    String who() {
        return "p1.E";
    }
}
