/*
 * m5's model of java.lang.Double. Bit conversions, decimal printing and
 * parsing are VM natives; everything else is the JDK's Java code.
 * No valueOf cache.
 */
package java.lang;

public final class Double extends Number implements DoubleType, Comparable<Double>, java.lang.constant.Constable, java.lang.constant.ConstantDesc {
    public static final double POSITIVE_INFINITY = 1.0 / 0.0;
    public static final double NEGATIVE_INFINITY = -1.0 / 0.0;
    public static final double NaN = 0.0d / 0.0;
    public static final double MAX_VALUE = 0x1.fffffffffffffP+1023;
    public static final double MIN_NORMAL = 0x1.0p-1022;
    public static final double MIN_VALUE = 0x0.0000000000001P-1022;
    public static final int MAX_EXPONENT = 1023;
    public static final int MIN_EXPONENT = -1022;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    private final double value;

    public Double(double value) {
        this.value = value;
    }

    public Double(String s) throws NumberFormatException {
        this.value = parseDouble(s);
    }

    /** Exactly as JDK 17's Double.toString(double) (FloatingDecimal). */
    public static native String toString(double d);

    /** As JDK 17's Double.parseDouble. */
    public static native double parseDouble(String s) throws NumberFormatException;

    public static native long doubleToRawLongBits(double value);

    public static native double longBitsToDouble(long bits);

    public static long doubleToLongBits(double value) {
        if (value != value) {
            return 0x7ff8000000000000L;
        }
        return doubleToRawLongBits(value);
    }

    public static Double valueOf(double d) {
        return new Double(d);
    }

    public static Double valueOf(String s) throws NumberFormatException {
        return new Double(parseDouble(s));
    }

    public static boolean isNaN(double v) {
        return v != v;
    }

    public static boolean isInfinite(double v) {
        return (v == POSITIVE_INFINITY) || (v == NEGATIVE_INFINITY);
    }

    /**
     * Hexadecimal form, as %a prints it: "NaN" and "Infinity" as
     * toString; else a sign, "0x", "1." (normal) or "0." (subnormal), the
     * 13 hex digits of the fraction without trailing zeros (at least
     * one), "p" and the unbiased exponent (-1022 for subnormals).
     */
    public static String toHexString(double d) {
        if (!isFinite(d)) {
            return String.valueOf(d);
        }
        long bits = doubleToRawLongBits(d);
        StringBuilder out = new StringBuilder(24);
        if (bits < 0) {
            out.append('-');
        }
        long fraction = bits & 0x000FFFFFFFFFFFFFL;
        int biased = (int) ((bits >>> 52) & 0x7FF);
        if (biased == 0 && fraction == 0) {
            return out.append("0x0.0p0").toString();
        }
        out.append(biased == 0 ? "0x0." : "0x1.");
        char[] digits = new char[13];
        int last = 0;
        for (int k = 0; k < 13; k++) {
            int nibble = (int) ((fraction >>> (48 - 4 * k)) & 0xF);
            digits[k] = Character.forDigit(nibble, 16);
            if (nibble != 0) {
                last = k;
            }
        }
        out.append(digits, 0, last + 1);
        out.append('p').append(biased == 0 ? -1022 : biased - 1023);
        return out.toString();
    }

    public static boolean isFinite(double d) {
        return Math.abs(d) <= MAX_VALUE;
    }

    public boolean isNaN() {
        return value != value;
    }

    public boolean isInfinite() {
        return isInfinite(value);
    }

    public String toString() {
        return toString(value);
    }

    public byte byteValue() {
        return (byte) value;
    }

    public short shortValue() {
        return (short) value;
    }

    public int intValue() {
        return (int) value;
    }

    public long longValue() {
        return (long) value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return value;
    }

    public int hashCode() {
        return hashCode(value);
    }

    public static int hashCode(double value) {
        long bits = doubleToLongBits(value);
        return (int) (bits ^ (bits >>> 32));
    }

    public boolean equals(Object obj) {
        return (obj instanceof Double)
            && (doubleToLongBits(((Double) obj).value) == doubleToLongBits(value));
    }

    public int compareTo(Double anotherDouble) {
        return compare(value, anotherDouble.value);
    }

    public static int compare(double d1, double d2) {
        if (d1 < d2) {
            return -1;
        }
        if (d1 > d2) {
            return 1;
        }
        long thisBits = doubleToLongBits(d1);
        long anotherBits = doubleToLongBits(d2);
        return (thisBits == anotherBits ? 0 : (thisBits < anotherBits ? -1 : 1));
    }

    public static double sum(double a, double b) {
        return a + b;
    }

    public static double max(double a, double b) {
        return Math.max(a, b);
    }

    public static double min(double a, double b) {
        return Math.min(a, b);
    }

    /** The value is its own nominal descriptor, as in the JDK. */
    public java.util.Optional<Double> describeConstable() {
        return java.util.Optional.of(this);
    }

    public Double resolveConstantDesc(java.lang.invoke.MethodHandles.Lookup lookup) {
        return this;
    }
}
