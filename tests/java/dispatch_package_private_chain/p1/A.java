package p1;

public class A {
    String who() {
        return "p1.A";
    }

    public String call() {
        return who();
    }
}
