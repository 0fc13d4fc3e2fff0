/*
 * Math's long tail: log1p, expm1, sinh, cosh, tanh on edge cases and
 * 2,000 seeded random inputs, rounded to float: Math's may differ from
 * StrictMath's in the last bits (JDK 25's HotSpot has its own tanh), so
 * only 24 bits are compared (strictmath_fdlibm compares all of them). Double.toHexString and %a on
 * edge cases and random bit patterns (exact), Thread.activeCount.
 */
import java.util.Random;

public class Main {
    interface F {
        double at(double x);
    }

    public static void main(String[] args) {
        double[] edges = {0.0, -0.0, 1e-300, -1e-300, 1e-17, 0.5, -0.5, 1.0, -0.9999999, 2.0, 10.0, 100.0, 709.0, 710.0,
            -745.0, 1e300, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, -1.0, -2.0};
        String[] names = {"log1p", "expm1", "sinh", "cosh", "tanh"};
        F[] fs = {Math::log1p, Math::expm1, Math::sinh, Math::cosh, Math::tanh};
        Random r = new Random(42);
        for (int k = 0; k < fs.length; k++) {
            StringBuilder line = new StringBuilder(names[k]).append(':');
            for (double x : edges) {
                line.append(' ').append((float) fs[k].at(x));
            }
            System.out.println(line);
            long hash = 0;
            for (int i = 0; i < 2000; i++) {
                double x = (r.nextDouble() - 0.5) * (i % 3 == 0 ? 2 : i % 3 == 1 ? 40 : 1400);
                hash = hash * 31 + Float.floatToRawIntBits((float) fs[k].at(x));
            }
            System.out.println(names[k] + " random: " + hash);
        }
        StringBuilder hex = new StringBuilder("toHexString:");
        for (double x : edges) {
            hex.append(' ').append(Double.toHexString(x));
        }
        System.out.println(hex);
        System.out.println(String.format("%a %a %a", 1.0, -0.1, Double.MIN_NORMAL));
        long hash = 0;
        for (int i = 0; i < 2000; i++) {
            double x = Double.longBitsToDouble(r.nextLong());
            hash = hash * 31 + Double.toHexString(x).hashCode();
        }
        System.out.println("toHexString random: " + hash);
        System.out.println("activeCount: " + Thread.activeCount());
    }
}
