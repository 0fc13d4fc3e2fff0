// Exercises exceptions unwinding across many frames, rethrow, partial handlers in intermediate frames, finally along the unwind path, recursion.
public class Main {
    static StringBuilder trail = new StringBuilder();

    static int level(int n, int throwAt) {
        try {
            trail.append('>').append(n);
            if (n == throwAt) throw new IllegalStateException("thrown at " + n);
            if (n == 0) return 0;
            return level(n - 1, throwAt) + n;
        } finally {
            trail.append('<').append(n);
        }
    }

    static int catcher(int n, int catchAt, int throwAt) {
        if (n == throwAt) throw new IllegalArgumentException("iae at " + n);
        if (n == catchAt) {
            try {
                return catcher(n - 1, catchAt, throwAt);
            } catch (IllegalArgumentException e) {
                trail.append("[caught at ").append(n).append(": ").append(e.getMessage()).append(']');
                return -1000;
            }
        }
        if (n == 0) return 0;
        return catcher(n - 1, catchAt, throwAt) + 1;
    }

    static void rethrower(int depth) throws Exception {
        try {
            if (depth == 0) throw new Exception("bottom");
            rethrower(depth - 1);
        } catch (Exception e) {
            trail.append("{rethrow ").append(depth).append('}');
            throw e;
        }
    }

    static void wrapper(int depth) {
        try {
            if (depth == 0) throw new UnsupportedOperationException("root");
            wrapper(depth - 1);
        } catch (RuntimeException e) {
            throw new RuntimeException("wrap" + depth, e);
        }
    }

    static int divide(int a, int b) { return a / b; }
    static int compute(int x) { return divide(100, x) + divide(x, x - 3); }

    public static void main(String[] args) {
        try {
            System.out.println(level(6, -1));
            System.out.println(level(6, 2));
        } catch (IllegalStateException e) {
            System.out.println("main caught " + e.getMessage());
        }
        System.out.println(trail);
        trail.setLength(0);
        System.out.println(catcher(10, 5, 2));
        System.out.println(catcher(10, 8, 7));
        System.out.println(trail);
        trail.setLength(0);
        try {
            catcher(3, 99, 3);
        } catch (IllegalArgumentException e) {
            System.out.println("escaped: " + e.getMessage());
        }
        try {
            rethrower(4);
        } catch (Exception e) {
            System.out.println(trail + " -> " + e.getMessage());
        }
        try {
            wrapper(3);
        } catch (RuntimeException e) {
            Throwable t = e;
            while (t != null) {
                System.out.println("chain: " + t.getMessage());
                t = t.getCause();
            }
        }
        for (int x = 0; x <= 4; x++) {
            try {
                System.out.println("compute(" + x + ") = " + compute(x));
            } catch (ArithmeticException e) {
                System.out.println("compute(" + x + ") threw " + e.getMessage());
            }
        }
        int sum = 0;
        for (int i = 0; i < 200; i++) {
            try {
                sum += level(5, i % 8);
            } catch (IllegalStateException e) {
                sum -= 1;
            }
        }
        System.out.println("sum " + sum + " trail length " + trail.length());
    }
}
