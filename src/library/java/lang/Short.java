/* m5's model of java.lang.Short (minimal; no valueOf cache). */
package java.lang;

public final class Short extends Number implements ShortType, Comparable<Short>, java.lang.constant.Constable {
    public static final short MIN_VALUE = -0x8000;
    public static final short MAX_VALUE = 0x7fff;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    private final short value;

    public Short(short value) {
        this.value = value;
    }

    // Like the JDK, values -128..127 are boxed once (so == holds for them), in a
    // holder class initialized on the first valueOf, as the JDK's ShortCache.
    private static final class Cache {
        static final Short[] CACHE = new Short[256];

        static {
            for (int k = 0; k < 256; k++) {
                CACHE[k] = new Short((short) (k + (-128)));
            }
        }
    }

    public static Short valueOf(short v) {
        if (v >= -128 && v <= 127) {
            return Cache.CACHE[(int) v - (-128)];
        }
        return new Short(v);
    }

    public static Short valueOf(String s) throws NumberFormatException {
        return valueOf(parseShort(s, 10));
    }

    public static short parseShort(String s) throws NumberFormatException {
        return parseShort(s, 10);
    }

    public static short parseShort(String s, int radix) throws NumberFormatException {
        int i = Integer.parseInt(s, radix);
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value out of range. Value:\"" + s + "\" Radix:" + radix);
        }
        return (short) i;
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
        return (double) value;
    }

    public String toString() {
        return Integer.toString((int) value);
    }

    public static String toString(short v) {
        return Integer.toString((int) v);
    }

    public int hashCode() {
        return (int) value;
    }

    public static int hashCode(short value) {
        return (int) value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Short) {
            return value == ((Short) obj).value;
        }
        return false;
    }

    public int compareTo(Short another) {
        return value - another.value;
    }

    public static int compare(short x, short y) {
        return x - y;
    }

    /** The two bytes swapped. */
    public static short reverseBytes(short s) {
        return (short) (((s >> 8) & 0xff) | (s << 8));
    }

    public static int toUnsignedInt(short x) {
        return ((int) x) & 0xffff;
    }

    public Short(String s) throws NumberFormatException {
        this.value = parseShort(s, 10);
    }

    public static Short valueOf(String s, int radix) throws NumberFormatException {
        return valueOf(parseShort(s, radix));
    }

    /** Integer.decode's syntax; out of range as the JDK words it. */
    public static Short decode(String nm) throws NumberFormatException {
        int i = Integer.decode(nm).intValue();
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value " + i + " out of range from input " + nm);
        }
        return valueOf((short) i);
    }

    public static int compareUnsigned(short x, short y) {
        return toUnsignedInt(x) - toUnsignedInt(y);
    }

    public static long toUnsignedLong(short x) {
        return ((long) x) & 0xffffL;
    }

    /** As the JDK's: a dynamic constant of the primitive type, through ConstantDescs. */
    public java.util.Optional<java.lang.constant.DynamicConstantDesc<Short>> describeConstable() {
        return java.util.Optional.of(java.lang.constant.DynamicConstantDesc.ofNamed(
            java.lang.constant.ConstantDescs.BSM_EXPLICIT_CAST, java.lang.constant.ConstantDescs.DEFAULT_NAME,
            java.lang.constant.ConstantDescs.CD_short, intValue()));
    }
}
