// StrictMath's fdlibm functions, bit for bit: raw result bits of sin, cos, tan, asin, acos,
// atan, atan2, log, log10, log1p, expm1, sinh, cosh, tanh and sqrt on 320 inputs each
// (special values, subnormals, near multiples of pi/2, huge arguments for the trigonometric
// reduction, and pseudo-random doubles over wide and narrow ranges), and of the Math
// functions that are StrictMath's on HotSpot (no intrinsic): asin, acos, atan, atan2, sinh,
// cosh, log1p, expm1. On JDK 17 the StrictMath ones are natives (fdlibm's C); on JDK 21+
// the JDK's Java port of fdlibm.
public class Main {
    static long seed = 0x5DEECE66DL;

    // splitmix64: the same doubles on every JVM.
    static long next() {
        long z = (seed += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static double unit() {
        return (next() >>> 11) * 0x1.0p-53;
    }

    static double range(double lo, double hi) {
        return lo + (hi - lo) * unit();
    }

    static double twoTo(int e) {
        return Double.longBitsToDouble((long) (e + 1023) << 52);
    }

    static double ulps(double d, long n) {
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + n);
    }

    static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, Double.NaN,
        Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000123L),
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Math.PI, Math.PI / 2, Math.PI / 4,
        -Math.PI / 2, 3 * Math.PI / 4, Math.E, 10.0, 1000.0, 0.1, 709.78, 710.0, 710.4758600739439,
        711.0, -745.2, 22.0, 0x1p-28, 0x1p-27, 0x1p-54, 0x1p-56, 1e-300, 1e300, 0x1p1023, 1e22,
        0.6931471805599453, 0.34657359027997264, 0.41422, -0.2929, 1.0000000000000002,
        0.9999999999999999, 0x1p19 * Math.PI / 2, 0x1p20 * Math.PI};

    static double input(int i) {
        if (i < SPECIAL.length) return SPECIAL[i];
        switch (i % 14) {
            case 0: return Double.longBitsToDouble(next());
            case 1: return range(-1, 1);
            case 2: return range(-10, 10);
            case 3: return range(-0.5, 0.5) * 1e-6;
            case 4: return Double.longBitsToDouble(next() & 0x800FFFFFFFFFFFFFL);
            case 5: return range(-1, 1) * twoTo((int) range(20, 1023));
            case 6: return range(-800, 800);
            case 7: return range(-40, 40);
            case 8: return range(-1, 1) * twoTo((int) range(-60, 60));
            case 9: return Math.PI / 2 * (int) range(-1e5, 1e5) + range(-1e-9, 1e-9);
            case 10: return ulps((int) range(-2e6, 2e6) * (Math.PI / 2), (long) range(-4, 4));
            case 11: return ulps(Math.PI / 2 * twoTo((int) range(0, 1000)), (long) range(-1e6, 1e6));
            case 12: return ulps(1.0, (long) range(-1e7, 1e7));
            default: return range(0.5, 2.0);
        }
    }

    static StringBuilder line = new StringBuilder();

    static void put(double r) {
        line.append(' ').append(Long.toHexString(Double.doubleToRawLongBits(r)));
    }

    public static void main(String[] args) {
        int n = 320;
        double[] in = new double[n];
        for (int i = 0; i < n; i++) in[i] = input(i);
        for (int i = 0; i < n; i++) {
            double x = in[i], y = in[(i * 7 + 3) % n];
            line.setLength(0);
            line.append(Long.toHexString(Double.doubleToRawLongBits(x)));
            put(StrictMath.sin(x)); put(StrictMath.cos(x)); put(StrictMath.tan(x));
            put(StrictMath.asin(x)); put(StrictMath.acos(x)); put(StrictMath.atan(x));
            put(StrictMath.atan2(x, y)); put(StrictMath.atan2(y, x));
            put(StrictMath.log(x)); put(StrictMath.log10(x)); put(StrictMath.log1p(x));
            put(StrictMath.expm1(x)); put(StrictMath.sinh(x)); put(StrictMath.cosh(x));
            put(StrictMath.tanh(x)); put(StrictMath.sqrt(x));
            line.append(" |");
            put(Math.asin(x)); put(Math.acos(x)); put(Math.atan(x)); put(Math.atan2(x, y));
            put(Math.sinh(x)); put(Math.cosh(x)); put(Math.log1p(x)); put(Math.expm1(x));
            System.out.println(line);
        }
        System.out.println("cosh(1) = " + StrictMath.cosh(1.0) + ", log10(1000) = " + StrictMath.log10(1000.0)
            + ", atan2(MAX, -1e5) = " + StrictMath.atan2(Double.MAX_VALUE, -1e5));
    }
}
