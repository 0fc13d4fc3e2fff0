package p2;

public class B extends p1.A {
    public void check() {
        System.out.println("p2.B.check");
    }
}
