// Exercises an uncaught exception escaping main through several frames and finally blocks: output up to the throw, then exit code 1.
public class Main {
    static int depth(int n) {
        try {
            if (n == 0) {
                int[] a = new int[2];
                return a[n + 2];
            }
            return depth(n - 1) + 1;
        } finally {
            System.out.println("unwinding frame " + n);
        }
    }

    public static void main(String[] args) {
        System.out.println("start");
        try {
            depth(2);
        } catch (ArithmeticException e) {
            System.out.println("wrong handler");
        }
        System.out.println("not reached");
    }
}
