/* m5's model of java.lang.Byte (minimal; no valueOf cache). */
package java.lang;

public final class Byte extends Number implements ByteType, Comparable<Byte>, java.lang.constant.Constable {
    public static final byte MIN_VALUE = -0x80;
    public static final byte MAX_VALUE = 0x7f;
    public static final int SIZE = 8;
    public static final int BYTES = 1;

    private final byte value;

    public Byte(byte value) {
        this.value = value;
    }

    // Like the JDK, values -128..127 are boxed once (so == holds for them), in a
    // holder class initialized on the first valueOf, as the JDK's ByteCache.
    private static final class Cache {
        static final Byte[] CACHE = new Byte[256];

        static {
            for (int k = 0; k < 256; k++) {
                CACHE[k] = new Byte((byte) (k + (-128)));
            }
        }
    }

    public static Byte valueOf(byte v) {
        if (v >= -128 && v <= 127) {
            return Cache.CACHE[(int) v - (-128)];
        }
        return new Byte(v);
    }

    public static Byte valueOf(String s) throws NumberFormatException {
        return valueOf(parseByte(s, 10));
    }

    public static byte parseByte(String s) throws NumberFormatException {
        return parseByte(s, 10);
    }

    public static byte parseByte(String s, int radix) throws NumberFormatException {
        int i = Integer.parseInt(s, radix);
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value out of range. Value:\"" + s + "\" Radix:" + radix);
        }
        return (byte) i;
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

    public static String toString(byte v) {
        return Integer.toString((int) v);
    }

    public int hashCode() {
        return (int) value;
    }

    public static int hashCode(byte value) {
        return (int) value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Byte) {
            return value == ((Byte) obj).value;
        }
        return false;
    }

    public int compareTo(Byte another) {
        return value - another.value;
    }

    public static int compare(byte x, byte y) {
        return x - y;
    }

    public static int toUnsignedInt(byte x) {
        return ((int) x) & 0xff;
    }

    public Byte(String s) throws NumberFormatException {
        this.value = parseByte(s, 10);
    }

    public static Byte valueOf(String s, int radix) throws NumberFormatException {
        return valueOf(parseByte(s, radix));
    }

    /** Integer.decode's syntax; out of range as the JDK words it. */
    public static Byte decode(String nm) throws NumberFormatException {
        int i = Integer.decode(nm).intValue();
        if (i < MIN_VALUE || i > MAX_VALUE) {
            throw new NumberFormatException("Value " + i + " out of range from input " + nm);
        }
        return valueOf((byte) i);
    }

    public static int compareUnsigned(byte x, byte y) {
        return toUnsignedInt(x) - toUnsignedInt(y);
    }

    public static long toUnsignedLong(byte x) {
        return ((long) x) & 0xffL;
    }

    /** As the JDK's: a dynamic constant of the primitive type, through ConstantDescs. */
    public java.util.Optional<java.lang.constant.DynamicConstantDesc<Byte>> describeConstable() {
        return java.util.Optional.of(java.lang.constant.DynamicConstantDesc.ofNamed(
            java.lang.constant.ConstantDescs.BSM_EXPLICIT_CAST, java.lang.constant.ConstantDescs.DEFAULT_NAME,
            java.lang.constant.ConstantDescs.CD_byte, intValue()));
    }
}
