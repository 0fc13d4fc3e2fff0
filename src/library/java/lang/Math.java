/*
 * m5's model of java.lang.Math.
 * abs/min/max/round/signum/copySign/floorDiv/floorMod/*Exact are the JDK 17
 * algorithms in Java (including the -0.0 and NaN rules of min/max and the
 * bit-level round). sqrt, floor, ceil, rint, fma (IEEE's fusedMultiplyAdd,
 * correctly rounded as the JDK's BigDecimal computation) and the functions
 * HotSpot answers with its own intrinsics (sin, cos, tan, exp, log, log10,
 * pow: the host's libm, which may differ from those in the last bit) are VM
 * natives; the other transcendental functions delegate to StrictMath, as
 * the JDK's do. random() is not modeled: its Random reads
 * the clock, and every method of the model is live, so naming it here would
 * make the clock readable in every program (Config::clock_readable) and
 * polling loops would never meet a state again.
 */
package java.lang;

public final class Math {
    public static final double E = 2.718281828459045;
    public static final double PI = 3.141592653589793;

    private static final long NEGATIVE_ZERO_DOUBLE_BITS = 0x8000000000000000L;
    private static final int NEGATIVE_ZERO_FLOAT_BITS = 0x80000000;

    private Math() {
    }

    public static native double sqrt(double a);

    public static native double sin(double a);

    public static native double cos(double a);

    public static native double tan(double a);

    public static native double exp(double a);

    public static native double log(double a);

    public static native double log10(double a);

    public static native double pow(double a, double b);

    public static native double floor(double a);

    public static native double ceil(double a);

    public static native double rint(double a);

    /** 2^n for a normal exponent n (the JDK's helper, which its FdLibm code calls). */
    static double powerOfTwoD(int n) {
        return Double.longBitsToDouble(((long) n + 1023L) << 52 & 0x7FF0000000000000L);
    }

    /** 2^n for a normal float exponent n (the JDK's helper). */
    static float powerOfTwoF(int n) {
        return Float.intBitsToFloat((n + 127) << 23 & 0x7F800000);
    }

    /**
     * As the JDK's Math: StrictMath's (HotSpot has no intrinsic for these).
     * On JDK 21+ these are the JDK's own fdlibm port in Java; on JDK 17
     * cbrt is Java and the others natives, which m5 answers with its port of
     * fdlibm (NATIVES.md): bit for bit either way.
     */
    public static double cbrt(double a) {
        return StrictMath.cbrt(a);
    }

    public static double asin(double a) {
        return StrictMath.asin(a);
    }

    public static double acos(double a) {
        return StrictMath.acos(a);
    }

    public static double atan(double a) {
        return StrictMath.atan(a);
    }

    public static double atan2(double y, double x) {
        return StrictMath.atan2(y, x);
    }

    public static double log1p(double x) {
        return StrictMath.log1p(x);
    }

    public static double expm1(double x) {
        return StrictMath.expm1(x);
    }

    public static double sinh(double x) {
        return StrictMath.sinh(x);
    }

    public static double cosh(double x) {
        return StrictMath.cosh(x);
    }

    public static double tanh(double x) {
        return StrictMath.tanh(x);
    }

    /** As the JDK's: StrictMath's (the JDK's own fdlibm port in Java, whose bytecode runs). */
    public static double hypot(double x, double y) {
        return StrictMath.hypot(x, y);
    }

    public static double toRadians(double angdeg) {
        return angdeg * 0.017453292519943295;
    }

    public static double toDegrees(double angrad) {
        return angrad * 57.29577951308232;
    }

    public static int abs(int a) {
        return (a < 0) ? -a : a;
    }

    public static long abs(long a) {
        return (a < 0) ? -a : a;
    }

    public static float abs(float a) {
        return (a <= 0.0F) ? 0.0F - a : a;
    }

    public static double abs(double a) {
        return (a <= 0.0D) ? 0.0D - a : a;
    }

    public static int max(int a, int b) {
        return (a >= b) ? a : b;
    }

    public static long max(long a, long b) {
        return (a >= b) ? a : b;
    }

    /**
     * d * 2^scaleFactor, rounded once. Beyond +-2099 (the exponent range and
     * the significand's width) the result no longer changes. The factor is
     * applied as 2^r (|r| < 512, same sign) and then steps of 2^+-512, all
     * exact powers of two: scaling up is exact until it overflows; scaling
     * down rounds at most at the step that first leaves the normal range,
     * and a step after that leaves less than half the least subnormal, 0.
     */
    /** The unbiased exponent of d's representation, as the JDK's. */
    public static int getExponent(double d) {
        return (int) (((Double.doubleToRawLongBits(d) & 0x7FF0000000000000L) >> 52) - 1023);
    }

    public static int getExponent(float f) {
        return ((Float.floatToRawIntBits(f) & 0x7F800000) >> 23) - 127;
    }

    public static double scalb(double d, int scaleFactor) {
        int n = Math.max(-2099, Math.min(2099, scaleFactor));
        int r = n % 512;
        double result = d * Double.longBitsToDouble((long) (r + 1023) << 52);
        double step = Double.longBitsToDouble((long) (n > 0 ? 1023 + 512 : 1023 - 512) << 52);
        for (int k = Math.abs(n / 512); k > 0; k--) {
            result *= step;
        }
        return result;
    }

    /**
     * The high 64 bits of the signed 128-bit product x * y, from 32-bit
     * halves (Hacker's Delight, 8-2): the low halves unsigned, the high
     * halves signed, carries propagated through the middle terms.
     */
    public static long multiplyHigh(long x, long y) {
        long x1 = x >> 32, x0 = x & 0xFFFFFFFFL;
        long y1 = y >> 32, y0 = y & 0xFFFFFFFFL;
        long low = x0 * y0;
        long t = x1 * y0 + (low >>> 32);
        long mid = x0 * y1 + (t & 0xFFFFFFFFL);
        return x1 * y1 + (t >> 32) + (mid >> 32);
    }

    /** JDK 21+ (the JDK's streams call it): value within [min, max]. */
    public static int clamp(long value, int min, int max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        return (int) Math.min(max, Math.max(value, min));
    }

    /** JDK 21+: value within [min, max]. */
    public static long clamp(long value, long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        return Math.min(max, Math.max(value, min));
    }

    public static float max(float a, float b) {
        if (a != a) {
            return a;
        }
        if ((a == 0.0f) && (b == 0.0f) && (Float.floatToRawIntBits(a) == NEGATIVE_ZERO_FLOAT_BITS)) {
            return b;
        }
        return (a >= b) ? a : b;
    }

    public static double max(double a, double b) {
        if (a != a) {
            return a;
        }
        if ((a == 0.0d) && (b == 0.0d) && (Double.doubleToRawLongBits(a) == NEGATIVE_ZERO_DOUBLE_BITS)) {
            return b;
        }
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) {
        return (a <= b) ? a : b;
    }

    public static long min(long a, long b) {
        return (a <= b) ? a : b;
    }

    public static float min(float a, float b) {
        if (a != a) {
            return a;
        }
        if ((a == 0.0f) && (b == 0.0f) && (Float.floatToRawIntBits(b) == NEGATIVE_ZERO_FLOAT_BITS)) {
            return b;
        }
        return (a <= b) ? a : b;
    }

    public static double min(double a, double b) {
        if (a != a) {
            return a;
        }
        if ((a == 0.0d) && (b == 0.0d) && (Double.doubleToRawLongBits(b) == NEGATIVE_ZERO_DOUBLE_BITS)) {
            return b;
        }
        return (a <= b) ? a : b;
    }

    /** JDK algorithm: floor(a + 1/2) computed exactly on the bits; NaN -> 0, saturating. */
    public static int round(float a) {
        int intBits = Float.floatToRawIntBits(a);
        int biasedExp = (intBits & 0x7F800000) >> 23;
        int shift = (24 - 2 + 127) - biasedExp;
        if ((shift & -32) == 0) {
            int r = ((intBits & 0x007FFFFF) | (0x007FFFFF + 1));
            if (intBits < 0) {
                r = -r;
            }
            return ((r >> shift) + 1) >> 1;
        }
        return (int) a;
    }

    /** JDK algorithm: floor(a + 1/2) computed exactly on the bits; NaN -> 0, saturating. */
    public static long round(double a) {
        long longBits = Double.doubleToRawLongBits(a);
        long biasedExp = (longBits & 0x7FF0000000000000L) >> 52;
        long shift = (53 - 2 + 1023) - biasedExp;
        if ((shift & -64) == 0) {
            long r = ((longBits & 0x000FFFFFFFFFFFFFL) | (0x000FFFFFFFFFFFFFL + 1));
            if (longBits < 0) {
                r = -r;
            }
            return ((r >> shift) + 1) >> 1;
        }
        return (long) a;
    }

    public static double signum(double d) {
        return (d == 0.0 || d != d) ? d : copySign(1.0, d);
    }

    public static float signum(float f) {
        return (f == 0.0f || f != f) ? f : copySign(1.0f, f);
    }

    public static double copySign(double magnitude, double sign) {
        return Double.longBitsToDouble((Double.doubleToRawLongBits(sign) & 0x8000000000000000L)
            | (Double.doubleToRawLongBits(magnitude) & 0x7FFFFFFFFFFFFFFFL));
    }

    public static float copySign(float magnitude, float sign) {
        return Float.intBitsToFloat((Float.floatToRawIntBits(sign) & 0x80000000)
            | (Float.floatToRawIntBits(magnitude) & 0x7FFFFFFF));
    }

    public static int floorDiv(int x, int y) {
        int q = x / y;
        if ((x ^ y) < 0 && (q * y != x)) {
            return q - 1;
        }
        return q;
    }

    public static long floorDiv(long x, int y) {
        return floorDiv(x, (long) y);
    }

    public static long floorDiv(long x, long y) {
        long q = x / y;
        if ((x ^ y) < 0 && (q * y != x)) {
            return q - 1;
        }
        return q;
    }

    public static int floorMod(int x, int y) {
        int r = x % y;
        if ((x ^ y) < 0 && r != 0) {
            return r + y;
        }
        return r;
    }

    public static int floorMod(long x, int y) {
        return (int) floorMod(x, (long) y);
    }

    public static long floorMod(long x, long y) {
        long r = x % y;
        if ((x ^ y) < 0 && r != 0) {
            return r + y;
        }
        return r;
    }

    public static int addExact(int x, int y) {
        int r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) {
            throw new ArithmeticException("integer overflow");
        }
        return r;
    }

    public static long addExact(long x, long y) {
        long r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) {
            throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int subtractExact(int x, int y) {
        int r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) {
            throw new ArithmeticException("integer overflow");
        }
        return r;
    }

    public static long subtractExact(long x, long y) {
        long r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) {
            throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int multiplyExact(int x, int y) {
        long r = (long) x * (long) y;
        if ((int) r != r) {
            throw new ArithmeticException("integer overflow");
        }
        return (int) r;
    }

    public static long multiplyExact(long x, int y) {
        return multiplyExact(x, (long) y);
    }

    public static long multiplyExact(long x, long y) {
        long r = x * y;
        long ax = abs(x);
        long ay = abs(y);
        if (((ax | ay) >>> 31 != 0)) {
            if (((y != 0) && (r / y != x)) || (x == Long.MIN_VALUE && y == -1)) {
                throw new ArithmeticException("long overflow");
            }
        }
        return r;
    }

    public static int incrementExact(int a) {
        if (a == Integer.MAX_VALUE) {
            throw new ArithmeticException("integer overflow");
        }
        return a + 1;
    }

    public static long incrementExact(long a) {
        if (a == Long.MAX_VALUE) {
            throw new ArithmeticException("long overflow");
        }
        return a + 1L;
    }

    public static int decrementExact(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("integer overflow");
        }
        return a - 1;
    }

    public static long decrementExact(long a) {
        if (a == Long.MIN_VALUE) {
            throw new ArithmeticException("long overflow");
        }
        return a - 1L;
    }

    public static int negateExact(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("integer overflow");
        }
        return -a;
    }

    public static long negateExact(long a) {
        if (a == Long.MIN_VALUE) {
            throw new ArithmeticException("long overflow");
        }
        return -a;
    }

    public static int toIntExact(long value) {
        if ((int) value != value) {
            throw new ArithmeticException("integer overflow");
        }
        return (int) value;
    }

    // ulp, nextUp, nextDown, nextAfter, scalb(float): the JDK 17 algorithms
    // on the representation's bits (bit-identical by construction).
    public static double ulp(double d) {
        int exp = getExponent(d);
        if (exp == 1024) {
            return abs(d);
        }
        if (exp == -1023) {
            return Double.MIN_VALUE;
        }
        exp = exp - 52;
        if (exp >= -1022) {
            return powerOfTwoD(exp);
        }
        return Double.longBitsToDouble(1L << (exp - (-1022 - 52)));
    }

    public static float ulp(float f) {
        int exp = getExponent(f);
        if (exp == 128) {
            return abs(f);
        }
        if (exp == -127) {
            return Float.MIN_VALUE;
        }
        exp = exp - 23;
        if (exp >= -126) {
            return powerOfTwoF(exp);
        }
        return Float.intBitsToFloat(1 << (exp - (-126 - 23)));
    }

    public static double nextUp(double d) {
        if (d < Double.POSITIVE_INFINITY) {
            // + 0.0 turns -0.0 into +0.0.
            long transducer = Double.doubleToRawLongBits(d + 0.0D);
            return Double.longBitsToDouble(transducer + ((transducer >= 0L) ? 1L : -1L));
        }
        return d;
    }

    public static float nextUp(float f) {
        if (f < Float.POSITIVE_INFINITY) {
            int transducer = Float.floatToRawIntBits(f + 0.0F);
            return Float.intBitsToFloat(transducer + ((transducer >= 0) ? 1 : -1));
        }
        return f;
    }

    public static double nextDown(double d) {
        if (Double.isNaN(d) || d == Double.NEGATIVE_INFINITY) {
            return d;
        }
        if (d == 0.0) {
            return -Double.MIN_VALUE;
        }
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + ((d > 0.0d) ? -1L : +1L));
    }

    public static float nextDown(float f) {
        if (Float.isNaN(f) || f == Float.NEGATIVE_INFINITY) {
            return f;
        }
        if (f == 0.0f) {
            return -Float.MIN_VALUE;
        }
        return Float.intBitsToFloat(Float.floatToRawIntBits(f) + ((f > 0.0f) ? -1 : +1));
    }

    public static double nextAfter(double start, double direction) {
        if (start > direction) {
            if (start != 0.0d) {
                long transducer = Double.doubleToRawLongBits(start);
                return Double.longBitsToDouble(transducer + ((transducer > 0L) ? -1L : 1L));
            }
            return -Double.MIN_VALUE;
        } else if (start < direction) {
            long transducer = Double.doubleToRawLongBits(start + 0.0d);
            return Double.longBitsToDouble(transducer + ((transducer >= 0L) ? 1L : -1L));
        } else if (start == direction) {
            return direction;
        }
        return start + direction;
    }

    public static float nextAfter(float start, double direction) {
        if (start > direction) {
            if (start != 0.0f) {
                int transducer = Float.floatToRawIntBits(start);
                return Float.intBitsToFloat(transducer + ((transducer > 0) ? -1 : 1));
            }
            return -Float.MIN_VALUE;
        } else if (start < direction) {
            int transducer = Float.floatToRawIntBits(start + 0.0f);
            return Float.intBitsToFloat(transducer + ((transducer >= 0) ? 1 : -1));
        } else if (start == direction) {
            return (float) direction;
        }
        return start + (float) direction;
    }

    /** Exact in double (the float's range and 2^n fit), then one rounding to float. */
    public static float scalb(float f, int scaleFactor) {
        int maxScale = 127 + 126 + 24 + 1;
        scaleFactor = max(min(scaleFactor, maxScale), -maxScale);
        return (float) ((double) f * powerOfTwoD(scaleFactor));
    }

    public static native double fma(double a, double b, double c);

    public static native float fma(float a, float b, float c);

    public static double IEEEremainder(double f1, double f2) {
        return StrictMath.IEEEremainder(f1, f2);
    }

    public static int absExact(int a) {
        if (a == Integer.MIN_VALUE) {
            throw new ArithmeticException("Overflow to represent absolute value of Integer.MIN_VALUE");
        }
        return abs(a);
    }

    public static long absExact(long a) {
        if (a == Long.MIN_VALUE) {
            throw new ArithmeticException("Overflow to represent absolute value of Long.MIN_VALUE");
        }
        return abs(a);
    }

    public static long multiplyFull(int x, int y) {
        return (long) x * (long) y;
    }

}
