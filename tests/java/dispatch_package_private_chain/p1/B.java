package p1;

// Same package: overrides A.who, and widens it to public.
public class B extends A {
    public String who() {
        return "p1.B";
    }
}
