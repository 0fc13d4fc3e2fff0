/*
 * m5's model of java.lang.Character.
 * Classification and case mapping of ASCII are written out here (a few
 * steps each); every other code point is looked up in the JDK's own Unicode
 * tables (java.lang.CharacterData, read from the user's JDK), as the JDK does.
 * valueOf caches 0..127 as the JDK does.
 */
package java.lang;

public final class Character implements CharacterType, java.io.Serializable, Comparable<Character>, java.lang.constant.Constable {
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
    public static final byte UNASSIGNED = 0;
    public static final byte UPPERCASE_LETTER = 1;
    public static final byte LOWERCASE_LETTER = 2;
    public static final byte TITLECASE_LETTER = 3;
    public static final byte MODIFIER_LETTER = 4;
    public static final byte OTHER_LETTER = 5;
    public static final byte NON_SPACING_MARK = 6;
    public static final byte ENCLOSING_MARK = 7;
    public static final byte COMBINING_SPACING_MARK = 8;
    public static final byte DECIMAL_DIGIT_NUMBER = 9;
    public static final byte LETTER_NUMBER = 10;
    public static final byte OTHER_NUMBER = 11;
    public static final byte SPACE_SEPARATOR = 12;
    public static final byte LINE_SEPARATOR = 13;
    public static final byte PARAGRAPH_SEPARATOR = 14;
    public static final byte CONTROL = 15;
    public static final byte FORMAT = 16;
    public static final byte PRIVATE_USE = 18;
    public static final byte SURROGATE = 19;
    public static final byte DASH_PUNCTUATION = 20;
    public static final byte START_PUNCTUATION = 21;
    public static final byte END_PUNCTUATION = 22;
    public static final byte CONNECTOR_PUNCTUATION = 23;
    public static final byte OTHER_PUNCTUATION = 24;
    public static final byte MATH_SYMBOL = 25;
    public static final byte CURRENCY_SYMBOL = 26;
    public static final byte MODIFIER_SYMBOL = 27;
    public static final byte OTHER_SYMBOL = 28;
    public static final byte INITIAL_QUOTE_PUNCTUATION = 29;
    public static final byte FINAL_QUOTE_PUNCTUATION = 30;
    public static final byte DIRECTIONALITY_UNDEFINED = -1;
    public static final byte DIRECTIONALITY_LEFT_TO_RIGHT = 0;
    public static final byte DIRECTIONALITY_RIGHT_TO_LEFT = 1;
    public static final byte DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC = 2;
    public static final byte DIRECTIONALITY_EUROPEAN_NUMBER = 3;
    public static final byte DIRECTIONALITY_EUROPEAN_NUMBER_SEPARATOR = 4;
    public static final byte DIRECTIONALITY_EUROPEAN_NUMBER_TERMINATOR = 5;
    public static final byte DIRECTIONALITY_ARABIC_NUMBER = 6;
    public static final byte DIRECTIONALITY_COMMON_NUMBER_SEPARATOR = 7;
    public static final byte DIRECTIONALITY_NONSPACING_MARK = 8;
    public static final byte DIRECTIONALITY_BOUNDARY_NEUTRAL = 9;
    public static final byte DIRECTIONALITY_PARAGRAPH_SEPARATOR = 10;
    public static final byte DIRECTIONALITY_SEGMENT_SEPARATOR = 11;
    public static final byte DIRECTIONALITY_WHITESPACE = 12;
    public static final byte DIRECTIONALITY_OTHER_NEUTRALS = 13;
    public static final byte DIRECTIONALITY_LEFT_TO_RIGHT_EMBEDDING = 14;
    public static final byte DIRECTIONALITY_LEFT_TO_RIGHT_OVERRIDE = 15;
    public static final byte DIRECTIONALITY_RIGHT_TO_LEFT_EMBEDDING = 16;
    public static final byte DIRECTIONALITY_RIGHT_TO_LEFT_OVERRIDE = 17;
    public static final byte DIRECTIONALITY_POP_DIRECTIONAL_FORMAT = 18;
    public static final byte DIRECTIONALITY_LEFT_TO_RIGHT_ISOLATE = 19;
    public static final byte DIRECTIONALITY_RIGHT_TO_LEFT_ISOLATE = 20;
    public static final byte DIRECTIONALITY_FIRST_STRONG_ISOLATE = 21;
    public static final byte DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE = 22;
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
        if (ch >= 128) {
            return isDigit((int) ch);
        }
        return ch >= '0' && ch <= '9';
    }

    public static boolean isDigit(int codePoint) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).isDigit(codePoint);
        }
        return codePoint >= '0' && codePoint <= '9';
    }

    public static boolean isLetter(char ch) {
        if (ch >= 128) {
            return isLetter((int) ch);
        }
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    }

    public static boolean isLetter(int codePoint) {
        if (codePoint >= 128) {
            return ((((1 << UPPERCASE_LETTER) | (1 << LOWERCASE_LETTER) | (1 << TITLECASE_LETTER) | (1 << MODIFIER_LETTER) | (1 << OTHER_LETTER)) >> getType(codePoint)) & 1) != 0;
        }
        return (codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z');
    }

    public static boolean isLetterOrDigit(char ch) {
        if (ch >= 128) {
            return isLetterOrDigit((int) ch);
        }
        return isLetter(ch) || isDigit(ch);
    }

    public static boolean isLetterOrDigit(int codePoint) {
        if (codePoint >= 128) {
            return ((((1 << UPPERCASE_LETTER) | (1 << LOWERCASE_LETTER) | (1 << TITLECASE_LETTER) | (1 << MODIFIER_LETTER) | (1 << OTHER_LETTER) | (1 << DECIMAL_DIGIT_NUMBER)) >> getType(codePoint)) & 1) != 0;
        }
        return isLetter(codePoint) || isDigit(codePoint);
    }

    // Identifiers: the JDK's CharacterData tables decide, as in the JDK.
    public static boolean isJavaIdentifierStart(char ch) {
        return isJavaIdentifierStart((int) ch);
    }

    public static boolean isJavaIdentifierStart(int codePoint) {
        return CharacterData.of(codePoint).isJavaIdentifierStart(codePoint);
    }

    public static boolean isJavaIdentifierPart(char ch) {
        return isJavaIdentifierPart((int) ch);
    }

    public static boolean isJavaIdentifierPart(int codePoint) {
        return CharacterData.of(codePoint).isJavaIdentifierPart(codePoint);
    }

    public static boolean isUnicodeIdentifierStart(char ch) {
        return isUnicodeIdentifierStart((int) ch);
    }

    public static boolean isUnicodeIdentifierStart(int codePoint) {
        return CharacterData.of(codePoint).isUnicodeIdentifierStart(codePoint);
    }

    public static boolean isUnicodeIdentifierPart(char ch) {
        return isUnicodeIdentifierPart((int) ch);
    }

    public static boolean isUnicodeIdentifierPart(int codePoint) {
        return CharacterData.of(codePoint).isUnicodeIdentifierPart(codePoint);
    }

    public static boolean isIdentifierIgnorable(char ch) {
        return isIdentifierIgnorable((int) ch);
    }

    public static boolean isIdentifierIgnorable(int codePoint) {
        return CharacterData.of(codePoint).isIdentifierIgnorable(codePoint);
    }

    public static boolean isAlphabetic(int codePoint) {
        if (codePoint >= 128) {
            return (((((1 << UPPERCASE_LETTER) | (1 << LOWERCASE_LETTER) | (1 << TITLECASE_LETTER) | (1 << MODIFIER_LETTER) | (1 << OTHER_LETTER) | (1 << LETTER_NUMBER)) >> getType(codePoint)) & 1) != 0) || CharacterData.of(codePoint).isOtherAlphabetic(codePoint);
        }
        return isLetter(codePoint);
    }

    public static boolean isUpperCase(char ch) {
        if (ch >= 128) {
            return isUpperCase((int) ch);
        }
        return ch >= 'A' && ch <= 'Z';
    }

    public static boolean isUpperCase(int codePoint) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).isUpperCase(codePoint);
        }
        return codePoint >= 'A' && codePoint <= 'Z';
    }

    public static boolean isLowerCase(char ch) {
        if (ch >= 128) {
            return isLowerCase((int) ch);
        }
        return ch >= 'a' && ch <= 'z';
    }

    public static boolean isLowerCase(int codePoint) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).isLowerCase(codePoint);
        }
        return codePoint >= 'a' && codePoint <= 'z';
    }

    public static boolean isWhitespace(char ch) {
        if (ch >= 128) {
            return isWhitespace((int) ch);
        }
        return ch == ' ' || (ch >= '\t' && ch <= '\r') || (ch >= '\u001C' && ch <= '\u001F');
    }

    public static boolean isWhitespace(int codePoint) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).isWhitespace(codePoint);
        }
        return codePoint == ' ' || (codePoint >= '\t' && codePoint <= '\r')
            || (codePoint >= '\u001C' && codePoint <= '\u001F');
    }

    public static boolean isSpaceChar(char ch) {
        if (ch >= 128) {
            return (((1 << SPACE_SEPARATOR) | (1 << LINE_SEPARATOR) | (1 << PARAGRAPH_SEPARATOR)) >> getType((int) ch) & 1) != 0;
        }
        return ch == ' ';
    }

    public static char toUpperCase(char ch) {
        if (ch >= 128) {
            return (char) toUpperCase((int) ch);
        }
        return (ch >= 'a' && ch <= 'z') ? (char) (ch - 32) : ch;
    }

    public static int toUpperCase(int codePoint) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).toUpperCase(codePoint);
        }
        return (codePoint >= 'a' && codePoint <= 'z') ? codePoint - 32 : codePoint;
    }

    /** What String.toUpperCase needs: ERROR where the mapping is several chars. */
    static final int ERROR = 0xFFFFFFFF;

    static int toUpperCaseEx(int codePoint) {
        if (codePoint < 128) {
            return (codePoint >= 'a' && codePoint <= 'z') ? codePoint - 32 : codePoint;
        }
        return CharacterData.of(codePoint).toUpperCaseEx(codePoint);
    }

    static char[] toUpperCaseCharArray(int codePoint) {
        return CharacterData.of(codePoint).toUpperCaseCharArray(codePoint);
    }

    public static char toTitleCase(char ch) {
        return (char) toTitleCase((int) ch);
    }

    public static int toTitleCase(int codePoint) {
        return CharacterData.of(codePoint).toTitleCase(codePoint);
    }

    public static boolean isTitleCase(char ch) {
        return isTitleCase((int) ch);
    }

    public static boolean isTitleCase(int codePoint) {
        return getType(codePoint) == TITLECASE_LETTER;
    }

    public static char toLowerCase(char ch) {
        if (ch >= 128) {
            return (char) toLowerCase((int) ch);
        }
        return (ch >= 'A' && ch <= 'Z') ? (char) (ch + 32) : ch;
    }

    public static int toLowerCase(int codePoint) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).toLowerCase(codePoint);
        }
        return (codePoint >= 'A' && codePoint <= 'Z') ? codePoint + 32 : codePoint;
    }

    public static int digit(char ch, int radix) {
        return digit((int) ch, radix);
    }

    public static int digit(int codePoint, int radix) {
        if (codePoint >= 128) {
            return CharacterData.of(codePoint).digit(codePoint, radix);
        }
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
        if (ch >= 128) {
            return CharacterData.of(ch).getNumericValue(ch);
        }
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

    public static int getType(char ch) {
        return getType((int) ch);
    }

    /** The Unicode general category, from the JDK's own tables (java.lang.CharacterData). */
    public static int getType(int codePoint) {
        return CharacterData.of(codePoint).getType(codePoint);
    }

    public static int getNumericValue(int codePoint) {
        if (codePoint < 128) {
            return getNumericValue((char) codePoint);
        }
        return CharacterData.of(codePoint).getNumericValue(codePoint);
    }

    public static boolean isSpaceChar(int codePoint) {
        return (((1 << SPACE_SEPARATOR) | (1 << LINE_SEPARATOR) | (1 << PARAGRAPH_SEPARATOR)) >> getType(codePoint) & 1) != 0;
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

    public static int charCount(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
    }

    public static int codePointAt(CharSequence seq, int index) {
        char c1 = seq.charAt(index);
        if (isHighSurrogate(c1) && ++index < seq.length()) {
            char c2 = seq.charAt(index);
            if (isLowSurrogate(c2)) {
                return toCodePoint(c1, c2);
            }
        }
        return c1;
    }

    /** The index codePointOffset code points from index (a pair counts once). */
    public static int offsetByCodePoints(CharSequence seq, int index, int codePointOffset) {
        int length = seq.length();
        if (index < 0 || index > length) {
            throw new IndexOutOfBoundsException();
        }
        int x = index;
        int left = codePointOffset;
        for (; left > 0 && x < length; left--) {
            if (isHighSurrogate(seq.charAt(x++)) && x < length && isLowSurrogate(seq.charAt(x))) {
                x++;
            }
        }
        for (; left < 0 && x > 0; left++) {
            if (isLowSurrogate(seq.charAt(--x)) && x > 0 && isHighSurrogate(seq.charAt(x - 1))) {
                x--;
            }
        }
        if (left != 0) {
            throw new IndexOutOfBoundsException();
        }
        return x;
    }

    public static int codePointBefore(CharSequence seq, int index) {
        char c2 = seq.charAt(--index);
        if (isLowSurrogate(c2) && index > 0) {
            char c1 = seq.charAt(--index);
            if (isHighSurrogate(c1)) {
                return toCodePoint(c1, c2);
            }
        }
        return c2;
    }

    /** The code point's one or two chars; IllegalArgumentException as toChars. */
    public static String toString(int codePoint) {
        return String.valueOf(toChars(codePoint));
    }

    public static char[] toChars(int codePoint) {
        if (isBmpCodePoint(codePoint)) {
            return new char[] {(char) codePoint};
        } else if (isValidCodePoint(codePoint)) {
            return new char[] {highSurrogate(codePoint), lowSurrogate(codePoint)};
        } else {
            throw new IllegalArgumentException("Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
        }
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

    // Bidi class, mirroring, ideographs: the JDK's CharacterData tables, as the JDK.
    public static byte getDirectionality(char ch) {
        return getDirectionality((int) ch);
    }

    public static byte getDirectionality(int codePoint) {
        return CharacterData.of(codePoint).getDirectionality(codePoint);
    }

    public static boolean isMirrored(char ch) {
        return isMirrored((int) ch);
    }

    public static boolean isMirrored(int codePoint) {
        return CharacterData.of(codePoint).isMirrored(codePoint);
    }

    public static boolean isIdeographic(int codePoint) {
        return CharacterData.of(codePoint).isIdeographic(codePoint);
    }

    public static boolean isDefined(char ch) {
        return isDefined((int) ch);
    }

    public static boolean isDefined(int codePoint) {
        return getType(codePoint) != UNASSIGNED;
    }

    public static boolean isISOControl(char ch) {
        return isISOControl((int) ch);
    }

    public static boolean isISOControl(int codePoint) {
        return codePoint <= 0x9F && (codePoint >= 0x7F || (codePoint >>> 5 == 0));
    }

    @Deprecated
    public static boolean isSpace(char ch) {
        return ch <= 0x0020 && ((((1L << 0x0009) | (1L << 0x000A) | (1L << 0x000C) | (1L << 0x000D) | (1L << 0x0020)) >> ch) & 1L) != 0;
    }

    @Deprecated
    public static boolean isJavaLetter(char ch) {
        return isJavaIdentifierStart(ch);
    }

    @Deprecated
    public static boolean isJavaLetterOrDigit(char ch) {
        return isJavaIdentifierPart(ch);
    }

    public static boolean isSurrogatePair(char high, char low) {
        return isHighSurrogate(high) && isLowSurrogate(low);
    }

    public static char reverseBytes(char ch) {
        return (char) (((ch & 0xFF00) >> 8) | (ch << 8));
    }

    /** The code point's chars into dst (the low surrogate first, as the JDK stores them). */
    public static int toChars(int codePoint, char[] dst, int dstIndex) {
        if (isBmpCodePoint(codePoint)) {
            dst[dstIndex] = (char) codePoint;
            return 1;
        } else if (isValidCodePoint(codePoint)) {
            dst[dstIndex + 1] = lowSurrogate(codePoint);
            dst[dstIndex] = highSurrogate(codePoint);
            return 2;
        }
        throw new IllegalArgumentException("Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
    }

    public static int codePointAt(char[] a, int index) {
        return codePointAtImpl(a, index, a.length);
    }

    public static int codePointAt(char[] a, int index, int limit) {
        if (index >= limit || index < 0 || limit > a.length) {
            throw new IndexOutOfBoundsException();
        }
        return codePointAtImpl(a, index, limit);
    }

    // ArrayIndexOutOfBoundsException for an index outside a, as the JDK's.
    private static int codePointAtImpl(char[] a, int index, int limit) {
        char c1 = a[index];
        if (isHighSurrogate(c1) && ++index < limit) {
            char c2 = a[index];
            if (isLowSurrogate(c2)) {
                return toCodePoint(c1, c2);
            }
        }
        return c1;
    }

    public static int codePointBefore(char[] a, int index) {
        return codePointBeforeImpl(a, index, 0);
    }

    /** JDK 17 checks start < a.length; later JDKs check index <= a.length. */
    public static int codePointBefore(char[] a, int index, int start) {
        boolean outside = String.jdkRelease() >= 18 ? index > a.length : start >= a.length;
        if (index <= start || start < 0 || outside) {
            throw new IndexOutOfBoundsException();
        }
        return codePointBeforeImpl(a, index, start);
    }

    private static int codePointBeforeImpl(char[] a, int index, int start) {
        char c2 = a[--index];
        if (isLowSurrogate(c2) && index > start) {
            char c1 = a[--index];
            if (isHighSurrogate(c1)) {
                return toCodePoint(c1, c2);
            }
        }
        return c2;
    }

    public static int codePointCount(CharSequence seq, int beginIndex, int endIndex) {
        int length = seq.length();
        if (beginIndex < 0 || endIndex > length || beginIndex > endIndex) {
            throw rangeException(beginIndex, endIndex, length);
        }
        int n = endIndex - beginIndex;
        for (int i = beginIndex; i < endIndex; ) {
            if (isHighSurrogate(seq.charAt(i++)) && i < endIndex && isLowSurrogate(seq.charAt(i))) {
                n--;
                i++;
            }
        }
        return n;
    }

    public static int codePointCount(char[] a, int offset, int count) {
        if (count > a.length - offset || offset < 0 || count < 0) {
            throw String.jdkRelease() >= 18
                ? new IndexOutOfBoundsException("Range [" + offset + ", " + offset + " + " + count + ") out of bounds for length " + a.length)
                : new IndexOutOfBoundsException();
        }
        int endIndex = offset + count;
        int n = count;
        for (int i = offset; i < endIndex; ) {
            if (isHighSurrogate(a[i++]) && i < endIndex && isLowSurrogate(a[i])) {
                n--;
                i++;
            }
        }
        return n;
    }

    /** JDK 17 throws a bare IndexOutOfBoundsException; later JDKs Objects.checkFromToIndex's. */
    private static IndexOutOfBoundsException rangeException(int from, int to, int length) {
        return String.jdkRelease() >= 18
            ? new IndexOutOfBoundsException("Range [" + from + ", " + to + ") out of bounds for length " + length)
            : new IndexOutOfBoundsException();
    }

    public static int offsetByCodePoints(char[] a, int start, int count, int index, int codePointOffset) {
        if (count > a.length - start || start < 0 || count < 0 || index < start || index > start + count) {
            throw new IndexOutOfBoundsException();
        }
        int x = index;
        int left = codePointOffset;
        int end = start + count;
        for (; left > 0 && x < end; left--) {
            if (isHighSurrogate(a[x++]) && x < end && isLowSurrogate(a[x])) {
                x++;
            }
        }
        for (; left < 0 && x > start; left++) {
            if (isLowSurrogate(a[--x]) && x > start && isHighSurrogate(a[x - 1])) {
                x--;
            }
        }
        if (left != 0) {
            throw new IndexOutOfBoundsException();
        }
        return x;
    }

    /** As the JDK's: a dynamic constant of type char, through ConstantDescs. */
    public java.util.Optional<java.lang.constant.DynamicConstantDesc<Character>> describeConstable() {
        return java.util.Optional.of(java.lang.constant.DynamicConstantDesc.ofNamed(
            java.lang.constant.ConstantDescs.BSM_EXPLICIT_CAST, java.lang.constant.ConstantDescs.DEFAULT_NAME,
            java.lang.constant.ConstantDescs.CD_char, (int) value));
    }
}
