package p2;

// Overrides B.who (public), hence A.who through B (JVMS 5.4.5).
public class C extends p1.B {
    public String who() {
        return "p2.C";
    }
}
