// The twin of dispatch-package: p1.B overrides p1.A.check, so nothing throws.
public class Main {
    public static void main(String[] args) {
        new p1.B().go();
    }
}
