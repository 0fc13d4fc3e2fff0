/*
 * m5's model of java.lang.Character.
 * Classification and case mapping are ASCII-only (plus the JDK's ASCII whitespace
 * set U+0009..U+000D, U+001C..U+001F, U+0020): every char >= U+0080 is neither a
 * letter, digit, upper- nor lower-case, nor whitespace, and maps to itself.
 * valueOf caches 0..127 as the JDK does.
 */
package java.lang;

public final class Character implements java.io.Serializable, Comparable<Character> {
    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uFFFF';
    public static final char MIN_HIGH_SURROGATE = '\uD800';
    public static final char MAX_HIGH_SURROGATE = '\uDBFF';
    public static final char MIN_LOW_SURROGATE = '\uDC00';
    public static final char MAX_LOW_SURROGATE = '\uDFFF';
    public static final char MIN_SURROGATE = MIN_HIGH_SURROGATE;
    public static final char MAX_SURROGATE = MAX_LOW_SURROGATE;
    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MIN_CODE_POINT = 0x000000;
    public static final int MAX_CODE_POINT = 0X10FFFF;
    public static final int SIZE = 16;
    public static final int BYTES = 2;

    private final char value;

    public Character(char value) {
        this.value = value;
    }

    // Like the JDK, values 0..127 are boxed once (so == holds for them), in a
    // holder class initialized on the first valueOf, as the JDK's CharacterCache.
    private static final class Cache {
        static final Character[] CACHE = new Character[128];

        static {
            for (int k = 0; k < 128; k++) {
                CACHE[k] = new Character((char) (k + (0)));
            }
        }
    }

    public static Character valueOf(char c) {
        if (c >= 0 && c <= 127) {
            return Cache.CACHE[(int) c];
        }
        return new Character(c);
    }

    public char charValue() {
        return value;
    }

    public int hashCode() {
        return value;
    }

    public static int hashCode(char value) {
        return value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Character) {
            return value == ((Character) obj).value;
        }
        return false;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(char c) {
        return String.valueOf(c);
    }

    public int compareTo(Character anotherCharacter) {
        return value - anotherCharacter.value;
    }

    public static int compare(char x, char y) {
        return x - y;
    }

    public static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }

    public static boolean isDigit(int codePoint) {
        return codePoint >= '0' && codePoint <= '9';
    }

    public static boolean isLetter(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    }

    public static boolean isLetter(int codePoint) {
        return (codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z');
    }

    public static boolean isLetterOrDigit(char ch) {
        return isLetter(ch) || isDigit(ch);
    }

    public static boolean isLetterOrDigit(int codePoint) {
        return isLetter(codePoint) || isDigit(codePoint);
    }

    public static boolean isAlphabetic(int codePoint) {
        return isLetter(codePoint);
    }

    public static boolean isUpperCase(char ch) {
        return ch >= 'A' && ch <= 'Z';
    }

    public static boolean isUpperCase(int codePoint) {
        return codePoint >= 'A' && codePoint <= 'Z';
    }

    public static boolean isLowerCase(char ch) {
        return ch >= 'a' && ch <= 'z';
    }

    public static boolean isLowerCase(int codePoint) {
        return codePoint >= 'a' && codePoint <= 'z';
    }

    public static boolean isWhitespace(char ch) {
        return ch == ' ' || (ch >= '\t' && ch <= '\r') || (ch >= '\u001C' && ch <= '\u001F');
    }

    public static boolean isWhitespace(int codePoint) {
        return codePoint == ' ' || (codePoint >= '\t' && codePoint <= '\r')
            || (codePoint >= '\u001C' && codePoint <= '\u001F');
    }

    public static boolean isSpaceChar(char ch) {
        return ch == ' ';
    }

    public static char toUpperCase(char ch) {
        return (ch >= 'a' && ch <= 'z') ? (char) (ch - 32) : ch;
    }

    public static int toUpperCase(int codePoint) {
        return (codePoint >= 'a' && codePoint <= 'z') ? codePoint - 32 : codePoint;
    }

    public static char toLowerCase(char ch) {
        return (ch >= 'A' && ch <= 'Z') ? (char) (ch + 32) : ch;
    }

    public static int toLowerCase(int codePoint) {
        return (codePoint >= 'A' && codePoint <= 'Z') ? codePoint + 32 : codePoint;
    }

    /** ASCII digits and letters only (the JDK also accepts other Unicode digits and fullwidth letters). */
    public static int digit(char ch, int radix) {
        return digit((int) ch, radix);
    }

    public static int digit(int codePoint, int radix) {
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return -1;
        }
        int d;
        if (codePoint >= '0' && codePoint <= '9') {
            d = codePoint - '0';
        } else if (codePoint >= 'a' && codePoint <= 'z') {
            d = codePoint - ('a' - 10);
        } else if (codePoint >= 'A' && codePoint <= 'Z') {
            d = codePoint - ('A' - 10);
        } else {
            return -1;
        }
        return d < radix ? d : -1;
    }

    public static int getNumericValue(char ch) {
        if (ch >= '0' && ch <= '9') {
            return ch - '0';
        }
        if (ch >= 'a' && ch <= 'z') {
            return ch - ('a' - 10);
        }
        if (ch >= 'A' && ch <= 'Z') {
            return ch - ('A' - 10);
        }
        return -1;
    }

    public static char forDigit(int digit, int radix) {
        if (digit >= radix || digit < 0) {
            return '\0';
        }
        if (radix < MIN_RADIX || radix > MAX_RADIX) {
            return '\0';
        }
        if (digit < 10) {
            return (char) ('0' + digit);
        }
        return (char) ('a' - 10 + digit);
    }

    public static boolean isValidCodePoint(int codePoint) {
        return codePoint >= MIN_CODE_POINT && codePoint <= MAX_CODE_POINT;
    }

    public static boolean isBmpCodePoint(int codePoint) {
        return codePoint >>> 16 == 0;
    }

    public static boolean isSupplementaryCodePoint(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT && codePoint <= MAX_CODE_POINT;
    }

    public static boolean isHighSurrogate(char ch) {
        return ch >= MIN_HIGH_SURROGATE && ch <= MAX_HIGH_SURROGATE;
    }

    public static boolean isLowSurrogate(char ch) {
        return ch >= MIN_LOW_SURROGATE && ch <= MAX_LOW_SURROGATE;
    }

    public static boolean isSurrogate(char ch) {
        return ch >= MIN_SURROGATE && ch <= MAX_SURROGATE;
    }

    public static char highSurrogate(int codePoint) {
        return (char) ((codePoint >>> 10) + (MIN_HIGH_SURROGATE - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
    }

    public static char lowSurrogate(int codePoint) {
        return (char) ((codePoint & 0x3ff) + MIN_LOW_SURROGATE);
    }

    public static int toCodePoint(char high, char low) {
        return ((high << 10) + low) + (MIN_SUPPLEMENTARY_CODE_POINT
            - (MIN_HIGH_SURROGATE << 10) - MIN_LOW_SURROGATE);
    }
}
