/*
 * m5's model of java.lang.Long. All conversions are written in Java
 * (JDK algorithms). valueOf caches -128..127 as the JDK does. Digit parsing is ASCII-only.
 */
package java.lang;

public final class Long extends Number implements LongType, Comparable<Long>, java.lang.constant.Constable, java.lang.constant.ConstantDesc {
    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;
    public static final int SIZE = 64;
    public static final int BYTES = 8;

    private final long value;

    public Long(long value) {
        this.value = value;
    }

    public Long(String s) throws NumberFormatException {
        this.value = parseLong(s, 10);
    }

    // Like the JDK, values -128..127 are boxed once (so == holds for them), in a
    // holder class initialized on the first valueOf, as the JDK's LongCache.
    private static final class Cache {
        static final Long[] CACHE = new Long[256];

        static {
            for (int k = 0; k < 256; k++) {
                CACHE[k] = new Long((long) (k + (-128)));
            }
        }
    }

    public static Long valueOf(long l) {
        if (l >= -128 && l <= 127) {
            return Cache.CACHE[(int) l - (-128)];
        }
        return new Long(l);
    }

    public static Long valueOf(String s) throws NumberFormatException {
        return new Long(parseLong(s, 10));
    }

    public static Long valueOf(String s, int radix) throws NumberFormatException {
        return new Long(parseLong(s, radix));
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
        return value;
    }

    public float floatValue() {
        return (float) value;
    }

    public double doubleValue() {
        return (double) value;
    }

    public String toString() {
        return toString(value);
    }

    public int hashCode() {
        return (int) (value ^ (value >>> 32));
    }

    public static int hashCode(long value) {
        return (int) (value ^ (value >>> 32));
    }

    public boolean equals(Object obj) {
        if (obj instanceof Long) {
            return value == ((Long) obj).value;
        }
        return false;
    }

    public int compareTo(Long anotherLong) {
        return compare(value, anotherLong.value);
    }

    public static int compare(long x, long y) {
        return (x < y) ? -1 : ((x == y) ? 0 : 1);
    }

    public static int compareUnsigned(long x, long y) {
        return compare(x + MIN_VALUE, y + MIN_VALUE);
    }

    /** Decimal; works on the negative value so MIN_VALUE needs no special case. */
    public static String toString(long i) {
        char[] buf = new char[20];
        int pos = 20;
        boolean negative = i < 0;
        if (!negative) {
            i = -i;
        }
        while (i <= -10) {
            buf[--pos] = (char) ('0' - (int) (i % 10));
            i = i / 10;
        }
        buf[--pos] = (char) ('0' - (int) i);
        if (negative) {
            buf[--pos] = '-';
        }
        return new String(buf, pos, 20 - pos);
    }

    public static String toString(long i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        if (radix == 10) {
            return toString(i);
        }
        char[] buf = new char[65];
        int pos = 64;
        boolean negative = i < 0;
        if (!negative) {
            i = -i;
        }
        while (i <= -radix) {
            buf[pos--] = Character.forDigit((int) (-(i % radix)), radix);
            i = i / radix;
        }
        buf[pos] = Character.forDigit((int) (-i), radix);
        if (negative) {
            buf[--pos] = '-';
        }
        return new String(buf, pos, 65 - pos);
    }

    public static String toHexString(long i) {
        return toUnsignedString0(i, 4);
    }

    public static String toOctalString(long i) {
        return toUnsignedString0(i, 3);
    }

    public static String toBinaryString(long i) {
        return toUnsignedString0(i, 1);
    }

    private static String toUnsignedString0(long val, int shift) {
        char[] buf = new char[64];
        int pos = 64;
        long mask = (1L << shift) - 1;
        do {
            int d = (int) (val & mask);
            buf[--pos] = (char) (d < 10 ? '0' + d : 'a' - 10 + d);
            val >>>= shift;
        } while (val != 0);
        return new String(buf, pos, 64 - pos);
    }

    public static long parseUnsignedLong(String s) throws NumberFormatException {
        return parseUnsignedLong(s, 10);
    }

    /** As the JDK's: the last digit is added with an overflow guard. */
    public static long parseUnsignedLong(String s, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        int len = s.length();
        if (len == 0) {
            throw NumberFormatException.forInputString(s, radix);
        }
        if (s.charAt(0) == '-') {
            throw new NumberFormatException("Illegal leading minus sign on unsigned string " + s + ".");
        }
        if (len <= 12 || (radix == 10 && len <= 18)) {
            return parseLong(s, radix);
        }
        String head = s.substring(0, len - 1);
        for (int i = head.charAt(0) == '+' ? 1 : 0; i < head.length(); i++) {
            if (Character.digit(head.charAt(i), radix) < 0) {
                throw new NumberFormatException("Error at index " + i + " in: \"" + head + "\"");
            }
        }
        long first = parseLong(head, radix);
        int second = Character.digit(s.charAt(len - 1), radix);
        if (second < 0) {
            throw new NumberFormatException("Bad digit at end of " + s);
        }
        long result = first * radix + second;
        // The bits above first * radix's 64 (the JDK's guard).
        int guard = radix * (int) (first >>> 57);
        if (guard >= 128 || (result >= 0 && guard >= 128 - Character.MAX_RADIX)) {
            throw new NumberFormatException("String value " + s + " exceeds range of unsigned long.");
        }
        return result;
    }

    public static long parseLong(String s) throws NumberFormatException {
        return parseLong(s, 10);
    }

    /** The characters beginIndex..endIndex of s in radix (the JDK's code and messages). */
    public static long parseLong(CharSequence s, int beginIndex, int endIndex, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NullPointerException();
        }
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > s.length()) {
            throw new IndexOutOfBoundsException("Range [" + beginIndex + ", " + endIndex + ") out of bounds for length " + s.length());
        }
        if (radix < Character.MIN_RADIX) {
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        }
        if (radix > Character.MAX_RADIX) {
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        }
        if (beginIndex >= endIndex) {
            throw new NumberFormatException("");
        }
        boolean negative = false;
        int i = beginIndex;
        long limit = -MAX_VALUE;
        char firstChar = s.charAt(i);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (firstChar != '+') {
                throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
            }
            i++;
        }
        if (i >= endIndex) {
            throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
        }
        long multmin = limit / radix;
        long result = 0;
        while (i < endIndex) {
            int digit = Character.digit(s.charAt(i), radix);
            if (digit < 0 || result < multmin) {
                throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
            }
            result *= radix;
            if (result < limit + digit) {
                throw NumberFormatException.forCharSequence(s, beginIndex, endIndex, i);
            }
            i++;
            result -= digit;
        }
        return negative ? result : -result;
    }

    public static long parseLong(String s, int radix) throws NumberFormatException {
        if (s == null) {
            throw new NumberFormatException("Cannot parse null string");
        }
        if (radix < Character.MIN_RADIX) {
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        }
        if (radix > Character.MAX_RADIX) {
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        }
        int len = s.length();
        if (len == 0) {
            throw NumberFormatException.forInputString(s, radix);
        }
        boolean negative = false;
        int i = 0;
        long limit = -MAX_VALUE;
        char firstChar = s.charAt(0);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = MIN_VALUE;
            } else if (firstChar != '+') {
                throw NumberFormatException.forInputString(s, radix);
            }
            if (len == 1) {
                throw NumberFormatException.forInputString(s, radix);
            }
            i++;
        }
        long multmin = limit / radix;
        long result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i++), radix);
            if (digit < 0 || result < multmin) {
                throw NumberFormatException.forInputString(s, radix);
            }
            result *= radix;
            if (result < limit + digit) {
                throw NumberFormatException.forInputString(s, radix);
            }
            result -= digit;
        }
        return negative ? result : -result;
    }

    public static long max(long a, long b) {
        return Math.max(a, b);
    }

    public static long min(long a, long b) {
        return Math.min(a, b);
    }

    public static long sum(long a, long b) {
        return a + b;
    }

    public static int signum(long i) {
        return (int) ((i >> 63) | (-i >>> 63));
    }

    public static long abs(long a) {
        return (a < 0) ? -a : a;
    }

    public static int bitCount(long i) {
        i = i - ((i >>> 1) & 0x5555555555555555L);
        i = (i & 0x3333333333333333L) + ((i >>> 2) & 0x3333333333333333L);
        i = (i + (i >>> 4)) & 0x0f0f0f0f0f0f0f0fL;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        i = i + (i >>> 32);
        return (int) i & 0x7f;
    }

    public static int numberOfLeadingZeros(long i) {
        int x = (int) (i >>> 32);
        return x == 0 ? 32 + Integer.numberOfLeadingZeros((int) i) : Integer.numberOfLeadingZeros(x);
    }

    public static int numberOfTrailingZeros(long i) {
        int x = (int) i;
        return x == 0 ? 32 + Integer.numberOfTrailingZeros((int) (i >>> 32)) : Integer.numberOfTrailingZeros(x);
    }

    public static long highestOneBit(long i) {
        return i & (MIN_VALUE >>> numberOfLeadingZeros(i));
    }

    public static long lowestOneBit(long i) {
        return i & -i;
    }

    public static long rotateLeft(long i, int distance) {
        return (i << distance) | (i >>> -distance);
    }

    public static long rotateRight(long i, int distance) {
        return (i >>> distance) | (i << -distance);
    }

    public static long reverse(long i) {
        i = (i & 0x5555555555555555L) << 1 | (i >>> 1) & 0x5555555555555555L;
        i = (i & 0x3333333333333333L) << 2 | (i >>> 2) & 0x3333333333333333L;
        i = (i & 0x0f0f0f0f0f0f0f0fL) << 4 | (i >>> 4) & 0x0f0f0f0f0f0f0f0fL;
        return reverseBytes(i);
    }

    public static long reverseBytes(long i) {
        i = (i & 0x00ff00ff00ff00ffL) << 8 | (i >>> 8) & 0x00ff00ff00ff00ffL;
        return (i << 48) | ((i & 0xffff0000L) << 16) | ((i >>> 16) & 0xffff0000L) | (i >>> 48);
    }

    /** The value is its own nominal descriptor, as in the JDK. */
    public java.util.Optional<Long> describeConstable() {
        return java.util.Optional.of(this);
    }

    public Long resolveConstantDesc(java.lang.invoke.MethodHandles.Lookup lookup) {
        return this;
    }

    /** The system property nm decoded (Long.decode), or val if unset or malformed. */
    public static Long getLong(String nm, Long val) {
        String v = null;
        try {
            v = System.getProperty(nm);
        } catch (IllegalArgumentException | NullPointerException e) {
            // The JDK answers val for a null or empty name.
        }
        if (v != null) {
            try {
                return Long.decode(v);
            } catch (NumberFormatException e) {
                // Malformed: val, as the JDK.
            }
        }
        return val;
    }

    public static Long getLong(String nm) {
        return getLong(nm, null);
    }

    public static Long getLong(String nm, long val) {
        Long result = getLong(nm, null);
        return (result == null) ? Long.valueOf(val) : result;
    }

    /** Integer.decode's syntax for a long. */
    public static Long decode(String nm) throws NumberFormatException {
        if (nm.isEmpty()) {
            throw new NumberFormatException("Zero length string");
        }
        int radix = 10;
        int index = 0;
        boolean negative = false;
        char first = nm.charAt(0);
        if (first == '-') {
            negative = true;
            index++;
        } else if (first == '+') {
            index++;
        }
        if (nm.startsWith("0x", index) || nm.startsWith("0X", index)) {
            index += 2;
            radix = 16;
        } else if (nm.startsWith("#", index)) {
            index++;
            radix = 16;
        } else if (nm.startsWith("0", index) && nm.length() > 1 + index) {
            index++;
            radix = 8;
        }
        if (nm.startsWith("-", index) || nm.startsWith("+", index)) {
            throw new NumberFormatException("Sign character in wrong position");
        }
        String digits = nm.substring(index);
        try {
            long v = parseLong(digits, radix);
            return valueOf(negative ? -v : v);
        } catch (NumberFormatException e) {
            return valueOf(parseLong(negative ? "-" + digits : digits, radix));
        }
    }

    /** Hacker's Delight 9.3, as the JDK. */
    public static long divideUnsigned(long dividend, long divisor) {
        if (divisor >= 0) {
            long q = (dividend >>> 1) / divisor << 1;
            long r = dividend - q * divisor;
            return q + ((r | ~(r - divisor)) >>> (SIZE - 1));
        }
        return (dividend & ~(dividend - divisor)) >>> (SIZE - 1);
    }

    public static long remainderUnsigned(long dividend, long divisor) {
        if (divisor >= 0) {
            long q = (dividend >>> 1) / divisor << 1;
            long r = dividend - q * divisor;
            return r - ((~(r - divisor) >> (SIZE - 1)) & divisor);
        }
        return dividend - (((dividend & ~(dividend - divisor)) >> (SIZE - 1)) & divisor);
    }

    public static String toUnsignedString(long i) {
        return toUnsignedString(i, 10);
    }

    /** As the JDK's: shifts for powers of two, BigInteger for other radixes. */
    public static String toUnsignedString(long i, int radix) {
        if (i >= 0) {
            return toString(i, radix);
        }
        switch (radix) {
            case 2:
                return toBinaryString(i);
            case 4:
                return toUnsignedString0(i, 2);
            case 8:
                return toOctalString(i);
            case 10:
                long quot = (i >>> 1) / 5;
                long rem = i - quot * 10;
                return toString(quot) + rem;
            case 16:
                return toHexString(i);
            case 32:
                return toUnsignedString0(i, 5);
            default:
                java.math.BigInteger big = java.math.BigInteger.valueOf(Integer.toUnsignedLong((int) (i >>> 32)))
                    .shiftLeft(32).add(java.math.BigInteger.valueOf(Integer.toUnsignedLong((int) i)));
                return big.toString(radix);
        }
    }
}
