// Exercises an uncaught AssertionError with a message thrown from main after some output (exit code 1); catch of Exception must not catch it.
public class Main {
    static int checked(int x) {
        if (x > 3) throw new AssertionError("invariant violated: x=" + x);
        return x * x;
    }

    public static void main(String[] args) {
        int total = 0;
        for (int i = 0; i < 10; i++) {
            try {
                total += checked(i);
                System.out.println("i=" + i + " total=" + total);
            } catch (Exception e) {
                System.out.println("Exception handler must not catch an Error");
            } finally {
                System.out.println("finally " + i);
            }
        }
        System.out.println("not reached");
    }
}
