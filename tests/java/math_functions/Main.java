// Exercises Math.abs/min/max for int/long/float/double (incl. MIN_VALUE, -0.0, NaN), sqrt, floorDiv, floorMod.
public class Main {
    public static void main(String[] args) {
        System.out.println(Math.abs(-5) + " " + Math.abs(5) + " " + Math.abs(Integer.MIN_VALUE) + " " + Math.abs(-Integer.MAX_VALUE));
        System.out.println(Math.abs(-5L) + " " + Math.abs(Long.MIN_VALUE));
        System.out.println(Math.abs(-2.5f) + " " + Math.abs(-0.0f) + " " + Math.abs(Float.NaN) + " " + Math.abs(Float.NEGATIVE_INFINITY));
        System.out.println(Math.abs(-2.5) + " " + Math.abs(-0.0) + " " + Math.abs(0.0) + " " + Math.abs(Double.NaN) + " " + Math.abs(-Double.MIN_VALUE));
        System.out.println(Math.min(3, -4) + " " + Math.max(3, -4) + " " + Math.min(Integer.MIN_VALUE, 0) + " " + Math.max(Integer.MAX_VALUE, -1));
        System.out.println(Math.min(3L, -4L) + " " + Math.max(1L << 40, 1L << 39));
        System.out.println(Math.min(0.0, -0.0) + " " + Math.max(0.0, -0.0) + " " + Math.min(-0.0, 0.0) + " " + Math.max(-0.0, 0.0));
        System.out.println(Math.min(0.0f, -0.0f) + " " + Math.max(-0.0f, 0.0f));
        System.out.println(Math.min(Double.NaN, 1.0) + " " + Math.max(1.0, Double.NaN) + " " + Math.min(Float.NaN, 1f) + " " + Math.max(Float.NaN, 1f));
        System.out.println(Math.min(Double.NEGATIVE_INFINITY, -1e308) + " " + Math.max(Double.POSITIVE_INFINITY, 1e308));
        System.out.println(Math.min(1.5f, 2.5f) + " " + Math.max(1.5f, 2.5f) + " " + Math.min(1.5, 2.5) + " " + Math.max(-1.5, -2.5));
        double[] sq = {0, -0.0, 1, 2, 4, 10, 0.25, 1e-300, 1e300, -1, Double.NaN, Double.POSITIVE_INFINITY, 2.0000000000000004, 123456789};
        for (double d : sq) System.out.println("sqrt(" + d + ") = " + Math.sqrt(d));
        int[][] pairs = {{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 3}, {-1, 3}, {6, 3}, {-6, 3}, {Integer.MIN_VALUE, -1}, {Integer.MIN_VALUE, 3}, {Integer.MAX_VALUE, -2}};
        for (int[] p : pairs) {
            System.out.println("floorDiv(" + p[0] + "," + p[1] + ")=" + Math.floorDiv(p[0], p[1]) + " floorMod=" + Math.floorMod(p[0], p[1]) + " /=" + (p[0] / p[1]) + " %=" + (p[0] % p[1]));
        }
        long[][] lp = {{7L, 2L}, {-7L, 2L}, {7L, -2L}, {Long.MIN_VALUE, -1L}, {Long.MIN_VALUE, 7L}, {-1L, Long.MAX_VALUE}};
        for (long[] p : lp) {
            System.out.println("floorDiv(" + p[0] + "," + p[1] + ")=" + Math.floorDiv(p[0], p[1]) + " floorMod=" + Math.floorMod(p[0], p[1]));
        }
        try {
            Math.floorDiv(1, 0);
        } catch (ArithmeticException e) {
            System.out.println("floorDiv by zero: " + e.getMessage());
        }
        try {
            Math.floorMod(1L, 0L);
        } catch (ArithmeticException e) {
            System.out.println("floorMod by zero: " + e.getMessage());
        }
        double x = 2;
        for (int i = 0; i < 6; i++) { x = Math.sqrt(x); System.out.println(x); }
        long acc = 0;
        for (int i = -500; i < 500; i++) acc += Math.floorMod(i * 7919, 97) + Math.abs(i) + Math.max(i, 3) - Math.min(i, -3);
        System.out.println("acc " + acc);
    }
}
