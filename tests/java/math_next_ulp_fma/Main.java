// Math's bit-level long tail: ulp, nextUp/nextDown/nextAfter, scalb(float),
// fma, IEEEremainder (Math and StrictMath), absExact and multiplyFull;
// printed in hexadecimal, over zeros of both signs,
// subnormals, MIN/MAX, infinities and NaN.
public class Main {
    // Hexadecimal: exact, and the same on every JDK (Double.toString's
    // shortest digits changed in JDK 19).
    static String d(double x) {
        return Double.toHexString(x);
    }

    static String f(float x) {
        return Float.toHexString(x);
    }

    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 1.0, -1.0, 0.1, 1e300, -1e-310, Double.MIN_VALUE, -Double.MIN_VALUE,
            Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN, 3.0, 2.5, -7.25, 1e-320, 4.9e-324 * 3};
        for (double x : ds) {
            System.out.println("d " + d(x) + ": ulp " + d(Math.ulp(x)) + " up " + d(Math.nextUp(x)) + " down "
                + d(Math.nextDown(x)) + " after+inf " + d(Math.nextAfter(x, Double.POSITIVE_INFINITY))
                + " after-inf " + d(Math.nextAfter(x, Double.NEGATIVE_INFINITY)) + " after0 "
                + d(Math.nextAfter(x, 0.0)) + " after-0 " + d(Math.nextAfter(x, -0.0)) + " afterNaN "
                + d(Math.nextAfter(x, Double.NaN)) + " strictUlp " + d(StrictMath.ulp(x)));
        }
        float[] fs = {0.0f, -0.0f, 1.0f, -1.0f, 0.1f, 1e30f, -1e-40f, Float.MIN_VALUE, -Float.MIN_VALUE,
            Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NaN, 3.0f, 2.5f};
        for (float x : fs) {
            System.out.println("f " + f(x) + ": ulp " + f(Math.ulp(x)) + " up " + f(Math.nextUp(x)) + " down "
                + f(Math.nextDown(x)) + " after+inf " + f(Math.nextAfter(x, Double.POSITIVE_INFINITY))
                + " after-inf " + f(Math.nextAfter(x, Double.NEGATIVE_INFINITY)) + " after0 "
                + f(Math.nextAfter(x, 0.0)) + " after1 " + f(Math.nextAfter(x, 1.0)) + " afterNaN "
                + f(Math.nextAfter(x, Double.NaN)));
            StringBuilder sb = new StringBuilder("  scalb");
            for (int k : new int[] {0, 1, -1, 10, -10, 127, -126, -149, -150, 128, 300, -300,
                    Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                sb.append(' ').append(f(Math.scalb(x, k)));
            }
            System.out.println(sb);
        }
        double[][] fmas = {{2, 3, 4}, {0.1, 10, -1}, {1e308, 10, -1e308}, {-0.0, 1, 0.0}, {-0.0, 1, -0.0},
            {0.0, -1, 0.0}, {Double.POSITIVE_INFINITY, 0, 1}, {Double.POSITIVE_INFINITY, 1, Double.NEGATIVE_INFINITY},
            {Double.MAX_VALUE, 2, Double.NEGATIVE_INFINITY}, {Double.NaN, 0, 1}, {1 + Math.ulp(1.0), 1 - Math.ulp(1.0), -1},
            {Double.MIN_VALUE, 0.5, 0.0}, {-Double.MIN_VALUE, 0.5, -0.0}, {3, 1.0 / 3, -1}, {1e-200, 1e-200, 0.0}};
        for (double[] t : fmas) {
            System.out.println("fma(" + d(t[0]) + ", " + d(t[1]) + ", " + d(t[2]) + ") = " + d(Math.fma(t[0], t[1], t[2]))
                + " float " + f(Math.fma((float) t[0], (float) t[1], (float) t[2])));
        }
        System.out.println("fma float rounding " + f(Math.fma(0.1f, 10f, -1f)) + " " + f(Math.fma(16777217f, 3f, 1f))
            + " " + f(Math.fma(1.0000001f, 1.0000001f, -1f)) + " " + f(Math.fma(Float.MAX_VALUE, 2f, -Float.MAX_VALUE)));
        double[][] rems = {{5, 2}, {7, 2}, {-7, 2}, {3, 2}, {-4, 2}, {10, 3}, {11, 3}, {2.5, Double.POSITIVE_INFINITY},
            {Double.POSITIVE_INFINITY, 2}, {1, 0}, {1, -0.0}, {Double.NaN, 1}, {1, Double.NaN}, {-0.0, 5},
            {Double.MAX_VALUE, Double.MIN_VALUE}, {Double.MAX_VALUE, 3}, {1e300, 1e-300}, {Double.MIN_VALUE * 3, Double.MIN_VALUE * 2},
            {5.5, -2}, {-5.5, -2}, {0.3, 0.1}, {Double.MAX_VALUE, Double.MAX_VALUE / 3}, {2, 2}, {-2, 2}};
        for (double[] t : rems) {
            System.out.println("IEEEremainder(" + d(t[0]) + ", " + d(t[1]) + ") = " + d(Math.IEEEremainder(t[0], t[1]))
                + " strict " + d(StrictMath.IEEEremainder(t[0], t[1])));
        }
        for (int a : new int[] {0, 5, -5, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MIN_VALUE}) {
            try {
                System.out.println("absExact(" + a + ") = " + Math.absExact(a) + " " + StrictMath.absExact(a));
            } catch (ArithmeticException e) {
                System.out.println("absExact(" + a + ") threw " + e);
            }
            try {
                System.out.println("absExact(" + a + "L) = " + Math.absExact((long) a));
            } catch (ArithmeticException e) {
                System.out.println("absExact(" + a + "L) threw " + e);
            }
            System.out.println("multiplyFull(" + a + ", " + a + ") = " + Math.multiplyFull(a, a) + " "
                + Math.multiplyFull(a, -7) + " " + StrictMath.multiplyFull(a, Integer.MIN_VALUE));
        }
        try {
            System.out.println(Math.absExact(Long.MIN_VALUE));
        } catch (ArithmeticException e) {
            System.out.println("absExact(Long.MIN_VALUE) threw " + e);
        }
    }
}
