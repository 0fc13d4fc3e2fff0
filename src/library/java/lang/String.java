/*
 * m5's model of java.lang.String.
 *
 * Contract with the VM: exactly one instance field, `private final char[] value`.
 * The VM creates String objects itself (literals, natives) by allocating a char[]
 * and storing it in this field. Strings are immutable: no method writes into an
 * array that a String holds.
 *
 * As in HotSpot, empty substrings and empty StringBuilder results are the
 * literal "" (so they are == ""), and charAt's message depends on whether the
 * string has a char above U+00FF (HotSpot's Latin-1 vs UTF-16 strings).
 * Differences from the JDK: no hash cache; case conversion and whitespace
 * tests are ASCII-only (compareToIgnoreCase compares chars, not code points);
 * split's non-regex fast path (one literal char, or a backslash-escaped
 * non-alphanumeric char) is here; regular expressions are the JDK's own
 * java.util.regex, and format is the JDK's java.util.Formatter in Locale.US
 * (the same text as HotSpot in any English locale).
 */
package java.lang;

public final class String implements StringStatics, java.io.Serializable, Comparable<String>, CharSequence,
        java.lang.constant.Constable, java.lang.constant.ConstantDesc {
    private final char[] value;

    public String() {
        this.value = new char[0];
    }

    public String(String original) {
        this.value = original.value;
    }

    public String(char[] value) {
        char[] v = new char[value.length];
        System.arraycopy(value, 0, v, 0, value.length);
        this.value = v;
    }

    public String(char[] value, int offset, int count) {
        checkBoundsOffCount(offset, count, value.length);
        char[] v = new char[count];
        System.arraycopy(value, offset, v, 0, count);
        this.value = v;
    }

    /** The code points' chars; an invalid one throws as the JDK's (its number as the message). */
    public String(int[] codePoints, int offset, int count) {
        checkBoundsOffCount(offset, count, codePoints.length);
        int n = 0;
        for (int i = offset; i < offset + count; i++) {
            int cp = codePoints[i];
            if (!Character.isValidCodePoint(cp)) {
                throw new IllegalArgumentException(Integer.toString(cp));
            }
            n += Character.isBmpCodePoint(cp) ? 1 : 2;
        }
        char[] v = new char[n];
        int j = 0;
        for (int i = offset; i < offset + count; i++) {
            int cp = codePoints[i];
            if (Character.isBmpCodePoint(cp)) {
                v[j++] = (char) cp;
            } else {
                v[j++] = Character.highSurrogate(cp);
                v[j++] = Character.lowSurrogate(cp);
            }
        }
        this.value = v;
    }

    // The byte[] constructors: StringDecoding, in the charsets getBytes encodes.
    // (Parameter names as the JDK's, for helpful NullPointerException messages.)
    public String(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    public String(byte[] bytes, int offset, int length) {
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = StringDecoding.decode(System.getProperty("file.encoding", "UTF-8"), bytes, offset, length);
    }

    public String(byte[] bytes, String charsetName) throws java.io.UnsupportedEncodingException {
        this(bytes, 0, bytes.length, charsetName);
    }

    public String(byte[] bytes, int offset, int length, String charsetName)
            throws java.io.UnsupportedEncodingException {
        java.util.Objects.requireNonNull(charsetName);
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = StringDecoding.decode(charsetName, bytes, offset, length);
    }

    public String(byte[] bytes, java.nio.charset.Charset charset) {
        this(bytes, 0, bytes.length, charset);
    }

    public String(byte[] bytes, int offset, int length, java.nio.charset.Charset charset) {
        java.util.Objects.requireNonNull(charset);
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = StringDecoding.decode(charset.name(), bytes, offset, length);
    }

    @Deprecated
    public String(byte[] ascii, int hibyte, int offset, int count) {
        checkBoundsOffCount(offset, count, ascii.length);
        this.value = StringDecoding.hibyte(ascii, hibyte, offset, count);
    }

    @Deprecated
    public String(byte[] ascii, int hibyte) {
        this(ascii, hibyte, 0, ascii.length);
    }

    public String(StringBuffer buffer) {
        this.value = buffer.toString().value;
    }

    public String(StringBuilder builder) {
        this.value = builder.toString().value;
    }

    /** Takes ownership of {@code value} without copying; the caller must not modify it afterwards. */
    String(char[] value, boolean share) {
        this.value = value;
    }

    public int length() {
        return value.length;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    public char charAt(int index) {
        if (index < 0 || index >= value.length) {
            throw charAtException(index);
        }
        return value[index];
    }

    /**
     * JDK 17's message differs between Latin-1 strings and strings with a
     * char > U+00FF; from JDK 18 both go through checkIndex.
     */
    private StringIndexOutOfBoundsException charAtException(int index) {
        char[] v = value;
        for (int i = 0; i < v.length; i++) {
            if (v[i] > '\u00FF') {
                return indexException(index, v.length);
            }
        }
        return preconditionsWording() ? indexException(index, v.length) : new StringIndexOutOfBoundsException(index);
    }

    /** The JDK's feature release (17 when m5 cannot tell). */
    private static native int jdkFeature();

    /**
     * From JDK 18 the JDK words its index checks through
     * jdk.internal.util.Preconditions ("Index 5 out of bounds for length
     * 2"); JDK 17 words them itself ("index 5, length 2").
     */
    static boolean preconditionsWording() {
        return jdkFeature() >= 18;
    }

    /** The JDK's feature release, for the model's other classes' JDK-dependent wording. */
    static int jdkRelease() {
        return jdkFeature();
    }

    private static StringIndexOutOfBoundsException indexException(int index, int length) {
        return new StringIndexOutOfBoundsException(preconditionsWording()
            ? "Index " + index + " out of bounds for length " + length
            : "index " + index + ", length " + length);
    }

    /** The JDK's String.checkIndex, also AbstractStringBuilder's. */
    static void checkIndex(int index, int length) {
        if (index < 0 || index >= length) {
            throw indexException(index, length);
        }
    }

    /** The JDK's String.checkOffset: 0 <= offset <= length. */
    static void checkOffset(int offset, int length) {
        if (offset < 0 || offset > length) {
            throw new StringIndexOutOfBoundsException(preconditionsWording()
                ? rangeMessage(offset, length, length)
                : "offset " + offset + ", length " + length);
        }
    }

    /** The JDK's String.checkBoundsOffCount: [offset, offset + count) within length. */
    static void checkBoundsOffCount(int offset, int count, int length) {
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new StringIndexOutOfBoundsException(preconditionsWording()
                ? "Range [" + offset + ", " + offset + " + " + count + ") out of bounds for length " + length
                : "offset " + offset + ", count " + count + ", length " + length);
        }
    }

    /**
     * AbstractStringBuilder's range checks' message (and, from JDK 18,
     * every from-to check's): "start 1, end 5, length 2" in JDK 17.
     */
    static String rangeMessage(int start, int end, int length) {
        return preconditionsWording()
            ? "Range [" + start + ", " + end + ") out of bounds for length " + length
            : "start " + start + ", end " + end + ", length " + length;
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkBoundsBeginEnd(srcBegin, srcEnd, value.length);
        int n = srcEnd - srcBegin;
        checkBoundsOffCount(dstBegin, n, dst.length);
        System.arraycopy(value, srcBegin, dst, dstBegin, n);
    }

    /** Copies all chars into dst at dstBegin, unchecked (used by StringBuilder). */
    void getChars(char[] dst, int dstBegin) {
        System.arraycopy(value, 0, dst, dstBegin, value.length);
    }

    public char[] toCharArray() {
        char[] result = new char[value.length];
        System.arraycopy(value, 0, result, 0, value.length);
        return result;
    }

    public boolean equals(Object anObject) {
        if (this == anObject) {
            return true;
        }
        if (!(anObject instanceof String)) {
            return false;
        }
        char[] v1 = value;
        char[] v2 = ((String) anObject).value;
        int n = v1.length;
        if (n != v2.length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (v1[i] != v2[i]) {
                return false;
            }
        }
        return true;
    }

    /** As the JDK's: regionMatches(true, ...) over the whole length. */
    public boolean equalsIgnoreCase(String anotherString) {
        return (this == anotherString) || (anotherString != null && anotherString.length() == length()
            && regionMatches(true, 0, anotherString, 0, length()));
    }

    public int hashCode() {
        char[] v = value;
        int h = 0;
        for (int i = 0; i < v.length; i++) {
            h = 31 * h + v[i];
        }
        return h;
    }

    public int compareTo(String anotherString) {
        char[] v1 = value;
        char[] v2 = anotherString.value;
        int len1 = v1.length;
        int len2 = v2.length;
        int lim = len1 < len2 ? len1 : len2;
        for (int k = 0; k < lim; k++) {
            char c1 = v1[k];
            char c2 = v2[k];
            if (c1 != c2) {
                return c1 - c2;
            }
        }
        return len1 - len2;
    }

    public int compareToIgnoreCase(String str) {
        char[] v1 = value;
        char[] v2 = str.value;
        int len1 = v1.length;
        int len2 = v2.length;
        int lim = len1 < len2 ? len1 : len2;
        for (int k = 0; k < lim; k++) {
            char c1 = v1[k];
            char c2 = v2[k];
            if (c1 != c2) {
                c1 = Character.toLowerCase(Character.toUpperCase(c1));
                c2 = Character.toLowerCase(Character.toUpperCase(c2));
                if (c1 != c2) {
                    return c1 - c2;
                }
            }
        }
        return len1 - len2;
    }

    public boolean startsWith(String prefix, int toffset) {
        // (prefix.length() first, as the JDK: a null prefix's NPE names it.)
        int pc = prefix.length();
        char[] ta = value;
        char[] pa = prefix.value;
        if (toffset < 0 || toffset > ta.length - pc) {
            return false;
        }
        for (int i = 0; i < pc; i++) {
            if (ta[toffset + i] != pa[i]) {
                return false;
            }
        }
        return true;
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, value.length - suffix.value.length);
    }

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(int ch, int fromIndex) {
        char[] v = value;
        int max = v.length;
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (int i = fromIndex; i < max; i++) {
                if (v[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > Character.MAX_CODE_POINT) {
            return -1;
        }
        char hi = Character.highSurrogate(ch);
        char lo = Character.lowSurrogate(ch);
        for (int i = fromIndex; i < max - 1; i++) {
            if (v[i] == hi && v[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(int ch) {
        return lastIndexOf(ch, value.length - 1);
    }

    public int lastIndexOf(int ch, int fromIndex) {
        char[] v = value;
        int i = fromIndex >= v.length ? v.length - 1 : fromIndex;
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (; i >= 0; i--) {
                if (v[i] == ch) {
                    return i;
                }
            }
            return -1;
        }
        if (ch > Character.MAX_CODE_POINT) {
            return -1;
        }
        char hi = Character.highSurrogate(ch);
        char lo = Character.lowSurrogate(ch);
        if (i >= v.length - 1) {
            i = v.length - 2;
        }
        for (; i >= 0; i--) {
            if (v[i] == hi && v[i + 1] == lo) {
                return i;
            }
        }
        return -1;
    }

    public int indexOf(String str) {
        return indexOf(value, value.length, str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return indexOf(value, value.length, str, fromIndex);
    }

    /** Index of str in src[0..srcCount) at or after fromIndex, JDK semantics (shared with StringBuilder). */
    static int indexOf(char[] src, int srcCount, String str, int fromIndex) {
        char[] tgt = str.value;
        int tgtCount = tgt.length;
        if (fromIndex >= srcCount) {
            return tgtCount == 0 ? srcCount : -1;
        }
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (tgtCount == 0) {
            return fromIndex;
        }
        char first = tgt[0];
        int max = srcCount - tgtCount;
        for (int i = fromIndex; i <= max; i++) {
            if (src[i] == first) {
                int j = 1;
                while (j < tgtCount && src[i + j] == tgt[j]) {
                    j++;
                }
                if (j == tgtCount) {
                    return i;
                }
            }
        }
        return -1;
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, value.length);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return lastIndexOf(value, value.length, str, fromIndex);
    }

    /** Last index of str in src[0..srcCount) at or before fromIndex, JDK semantics (shared with StringBuilder). */
    static int lastIndexOf(char[] src, int srcCount, String str, int fromIndex) {
        char[] tgt = str.value;
        int tgtCount = tgt.length;
        int rightIndex = srcCount - tgtCount;
        if (fromIndex > rightIndex) {
            fromIndex = rightIndex;
        }
        if (fromIndex < 0) {
            return -1;
        }
        for (int i = fromIndex; i >= 0; i--) {
            int j = 0;
            while (j < tgtCount && src[i + j] == tgt[j]) {
                j++;
            }
            if (j == tgtCount) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(CharSequence s) {
        return indexOf(s.toString()) >= 0;
    }

    public String substring(int beginIndex) {
        return substring(beginIndex, value.length);
    }

    public String substring(int beginIndex, int endIndex) {
        int length = value.length;
        checkBoundsBeginEnd(beginIndex, endIndex, length);
        if (beginIndex == 0 && endIndex == length) {
            return this;
        }
        int n = endIndex - beginIndex;
        if (n == 0) {
            return "";
        }
        char[] v = new char[n];
        System.arraycopy(value, beginIndex, v, 0, n);
        return new String(v, true);
    }

    public CharSequence subSequence(int beginIndex, int endIndex) {
        return substring(beginIndex, endIndex);
    }

    static void checkBoundsBeginEnd(int begin, int end, int length) {
        if (begin < 0 || begin > end || end > length) {
            throw new StringIndexOutOfBoundsException(preconditionsWording()
                ? rangeMessage(begin, end, length)
                : "begin " + begin + ", end " + end + ", length " + length);
        }
    }

    public String concat(String str) {
        // (isEmpty first, as the JDK: a null str's NPE names that call.)
        if (str.isEmpty()) {
            return this;
        }
        char[] other = str.value;
        int len = value.length;
        if (len == 0) {
            return new String(str);
        }
        char[] v = new char[len + other.length];
        System.arraycopy(value, 0, v, 0, len);
        System.arraycopy(other, 0, v, len, other.length);
        return new String(v, true);
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar != newChar) {
            char[] v = value;
            int len = v.length;
            int i = 0;
            while (i < len && v[i] != oldChar) {
                i++;
            }
            if (i < len) {
                char[] buf = new char[len];
                System.arraycopy(v, 0, buf, 0, i);
                for (; i < len; i++) {
                    char c = v[i];
                    buf[i] = (c == oldChar) ? newChar : c;
                }
                return new String(buf, true);
            }
        }
        return this;
    }

    public String replace(CharSequence target, CharSequence replacement) {
        String tgt = target.toString();
        String repl = replacement.toString();
        int tgtLen = tgt.value.length;
        int thisLen = value.length;
        if (tgtLen == 0) {
            StringBuilder sb = new StringBuilder();
            sb.append(repl);
            for (int i = 0; i < thisLen; i++) {
                sb.append(value[i]).append(repl);
            }
            return sb.toString();
        }
        int j = indexOf(tgt);
        if (j < 0) {
            return this;
        }
        StringBuilder sb = new StringBuilder();
        int i = 0;
        do {
            sb.append(this, i, j).append(repl);
            i = j + tgtLen;
            j = indexOf(tgt, i);
        } while (j >= 0);
        sb.append(this, i, thisLen);
        return sb.toString();
    }

    // Case mapping: StringCase, through the JDK's own CharacterData tables.

    public String toUpperCase(java.util.Locale locale) {
        return StringCase.upper(this, locale.getLanguage());
    }

    public String toLowerCase(java.util.Locale locale) {
        return StringCase.lower(this, locale.getLanguage());
    }

    /** In the default locale (user.language), without making a Locale. */
    public String toUpperCase() {
        return StringCase.upper(this, null);
    }

    public String toLowerCase() {
        return StringCase.lower(this, null);
    }

    /** JDK trim: removes all chars <= ' ' from both ends. */
    public String trim() {
        char[] v = value;
        int len = v.length;
        int st = 0;
        while (st < len && v[st] <= ' ') {
            st++;
        }
        while (st < len && v[len - 1] <= ' ') {
            len--;
        }
        return (st > 0 || len < v.length) ? substring(st, len) : this;
    }

    /** strip: removes Character.isWhitespace chars (ASCII rules) from both ends. */
    public String strip() {
        char[] v = value;
        int len = v.length;
        int st = 0;
        while (st < len && Character.isWhitespace(v[st])) {
            st++;
        }
        while (st < len && Character.isWhitespace(v[len - 1])) {
            len--;
        }
        return (st > 0 || len < v.length) ? substring(st, len) : this;
    }

    public String stripLeading() {
        char[] v = value;
        int st = 0;
        while (st < v.length && Character.isWhitespace(v[st])) {
            st++;
        }
        return st > 0 ? substring(st) : this;
    }

    public String stripTrailing() {
        char[] v = value;
        int len = v.length;
        while (len > 0 && Character.isWhitespace(v[len - 1])) {
            len--;
        }
        return len < v.length ? substring(0, len) : this;
    }

    /**
     * The lines, as the JDK splits them: at "\n", "\r" and "\r\n"; a
     * terminator at the end starts no further line. (Collected first, then
     * streamed: the stream the JDK gives is lazy, with the same elements.)
     */
    public java.util.stream.Stream<String> lines() {
        return splitLines().stream();
    }

    private java.util.ArrayList<String> splitLines() {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        char[] v = value;
        int start = 0;
        int i = 0;
        while (i < v.length) {
            char c = v[i];
            if (c == '\n' || c == '\r') {
                out.add(substring(start, i));
                i += (c == '\r' && i + 1 < v.length && v[i + 1] == '\n') ? 2 : 1;
                start = i;
            } else {
                i++;
            }
        }
        if (start < v.length) {
            out.add(substring(start));
        }
        return out;
    }

    /**
     * Each line indented by n spaces (n > 0) or stripped of up to -n leading
     * whitespace chars (n < 0), each ended by "\n", as the JDK's indent.
     */
    public String indent(int n) {
        if (value.length == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (String line : splitLines()) {
            if (n > 0) {
                for (int k = 0; k < n; k++) {
                    sb.append(' ');
                }
                sb.append(line);
            } else if (n < 0) {
                int st = 0;
                while (st < line.length() && st < -n && Character.isWhitespace(line.charAt(st))) {
                    st++;
                }
                sb.append(line, st, line.length());
            } else {
                sb.append(line);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The code points: a valid surrogate pair is one, a lone surrogate its own value. */
    public java.util.stream.IntStream codePoints() {
        char[] v = value;
        int[] a = new int[v.length];
        int n = 0;
        for (int i = 0; i < v.length; i++) {
            char c = v[i];
            if (Character.isHighSurrogate(c) && i + 1 < v.length && Character.isLowSurrogate(v[i + 1])) {
                a[n++] = Character.toCodePoint(c, v[++i]);
            } else {
                a[n++] = c;
            }
        }
        return java.util.Arrays.stream(a, 0, n);
    }

    /** The same chars as cs (NPE for null, as the JDK). */
    /** The default charset's bytes: file.encoding's, as JDK 17 reads it. */
    public byte[] getBytes() {
        return encode(System.getProperty("file.encoding", "UTF-8"));
    }

    public byte[] getBytes(String charsetName) throws java.io.UnsupportedEncodingException {
        if (charsetName == null) {
            throw new NullPointerException();
        }
        return encode(charsetName);
    }

    public byte[] getBytes(java.nio.charset.Charset charset) {
        if (charset == null) {
            throw new NullPointerException();
        }
        return encode(charset.name());
    }

    /**
     * The bytes in UTF-8, ISO-8859-1 or US-ASCII (by any of their names):
     * an unpaired surrogate, or a char the charset lacks, is '?' (a
     * surrogate pair one '?'), as the JDK's encoders replace them. Other
     * charsets stop the run as not modeled.
     */
    private byte[] encode(String charsetName) {
        int max = charsetMaxCodePoint(charsetName);
        if (max == 0) {
            notModeled("String.getBytes in charset " + charsetName);
        }
        byte[] out = new byte[value.length * (max == 0x10FFFF ? 3 : 1) + 1];
        int n = 0;
        for (int i = 0; i < value.length; i++) {
            char c = value[i];
            int cp = c;
            boolean pair = Character.isHighSurrogate(c) && i + 1 < value.length
                    && Character.isLowSurrogate(value[i + 1]);
            if (pair) {
                cp = Character.toCodePoint(c, value[++i]);
            } else if (Character.isSurrogate(c)) {
                cp = -1;
            }
            if (cp < 0 || cp > max) {
                out[n++] = '?';
            } else if (cp < 0x80 || max < 0x10FFFF) {
                out[n++] = (byte) cp;
            } else if (cp < 0x800) {
                out[n++] = (byte) (0xC0 | (cp >> 6));
                out[n++] = (byte) (0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                out[n++] = (byte) (0xE0 | (cp >> 12));
                out[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                out[n++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                out[n++] = (byte) (0xF0 | (cp >> 18));
                out[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                out[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                out[n++] = (byte) (0x80 | (cp & 0x3F));
            }
        }
        byte[] exact = new byte[n];
        System.arraycopy(out, 0, exact, 0, n);
        return exact;
    }

    /** The largest code point charset `name` encodes (0: a charset m5 does not model). */
    static int charsetMaxCodePoint(String name) {
        switch (name.toUpperCase()) {
            case "UTF-8": case "UTF8": case "UNICODE-1-1-UTF-8":
                return 0x10FFFF;
            case "ISO-8859-1": case "ISO8859_1": case "ISO_8859_1": case "ISO8859-1": case "8859_1":
            case "LATIN1": case "L1": case "CP819": case "IBM819": case "IBM-819": case "819":
            case "ISO_8859-1:1987": case "ISO-IR-100": case "CSISOLATIN1": case "ISO_8859-1":
                return 0xFF;
            case "US-ASCII": case "ASCII": case "ANSI_X3.4-1968": case "ANSI_X3.4-1986": case "US":
            case "646": case "ISO646-US": case "ISO_646.IRV:1991": case "ISO-IR-6": case "CP367":
            case "IBM367": case "ASCII7": case "CSASCII": case "DEFAULT":
                return 0x7F;
            default:
                return 0;
        }
    }

    /** Stops the run: the program needs what m5's model leaves out. */
    static native void notModeled(String what);

    /** Under the buffer's monitor, as the JDK's. */
    public boolean contentEquals(StringBuffer sb) {
        synchronized (sb) {
            return contentEquals((CharSequence) sb);
        }
    }

    public boolean contentEquals(CharSequence cs) {
        int n = value.length;
        if (cs.length() != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (value[i] != cs.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    public boolean isBlank() {
        char[] v = value;
        for (int i = 0; i < v.length; i++) {
            if (!Character.isWhitespace(v[i])) {
                return false;
            }
        }
        return true;
    }

    public String repeat(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        if (count == 1) {
            return this;
        }
        int len = value.length;
        if (len == 0 || count == 0) {
            return "";
        }
        if (Integer.MAX_VALUE / count < len) {
            throw new OutOfMemoryError("Required length exceeds implementation limit");
        }
        char[] buf = new char[len * count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(value, 0, buf, i * len, len);
        }
        return new String(buf, true);
    }

    public boolean matches(String regex) {
        return java.util.regex.Pattern.matches(regex, this);
    }

    public String replaceAll(String regex, String replacement) {
        return java.util.regex.Pattern.compile(regex).matcher(this).replaceAll(replacement);
    }

    public String replaceFirst(String regex, String replacement) {
        return java.util.regex.Pattern.compile(regex).matcher(this).replaceFirst(replacement);
    }

    public static String format(String format, Object... args) {
        return new java.util.Formatter(java.util.Locale.US).format(format, args).toString();
    }

    public static String format(java.util.Locale l, String format, Object... args) {
        return new java.util.Formatter(l).format(format, args).toString();
    }

    public String formatted(Object... args) {
        return format(this, args);
    }

    public int codePointAt(int index) {
        checkIndex(index, value.length);
        char c1 = value[index];
        if (Character.isHighSurrogate(c1) && index + 1 < value.length) {
            char c2 = value[index + 1];
            if (Character.isLowSurrogate(c2)) {
                return Character.toCodePoint(c1, c2);
            }
        }
        return c1;
    }

    public int codePointBefore(int index) {
        int i = index - 1;
        if (i < 0 || i >= value.length) {
            throw preconditionsWording() ? indexException(i, value.length) : new StringIndexOutOfBoundsException(index);
        }
        char c2 = value[i];
        if (Character.isLowSurrogate(c2) && i > 0) {
            char c1 = value[i - 1];
            if (Character.isHighSurrogate(c1)) {
                return Character.toCodePoint(c1, c2);
            }
        }
        return c2;
    }

    public int offsetByCodePoints(int index, int codePointOffset) {
        if (index < 0 || index > value.length) {
            throw new IndexOutOfBoundsException();
        }
        return Character.offsetByCodePoints(this, index, codePointOffset);
    }

    public int codePointCount(int beginIndex, int endIndex) {
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > value.length) {
            throw preconditionsWording()
                ? new IndexOutOfBoundsException(rangeMessage(beginIndex, endIndex, value.length))
                : new IndexOutOfBoundsException();
        }
        int n = endIndex - beginIndex;
        for (int i = beginIndex; i < endIndex - 1; i++) {
            if (Character.isHighSurrogate(value[i]) && Character.isLowSurrogate(value[i + 1])) {
                n--;
                i++;
            }
        }
        return n;
    }

    public String[] split(String regex) {
        return split(regex, 0);
    }

    /**
     * JDK split, non-regex fast path only: regex must be one char not in
     * ".$|()[{^?*+\\", or a backslash followed by one non-alphanumeric char.
     * Anything else throws UnsupportedOperationException.
     */
    public String[] split(String regex, int limit) {
        char[] r = regex.value;
        char ch;
        if (r.length == 1 && ".$|()[{^?*+\\".indexOf(r[0]) < 0) {
            ch = r[0];
        } else if (r.length == 2 && r[0] == '\\' && !Character.isLetterOrDigit(r[1])) {
            ch = r[1];
        } else {
            return java.util.regex.Pattern.compile(regex).split(this, limit);
        }
        if (ch >= Character.MIN_SURROGATE && ch <= Character.MAX_SURROGATE) {
            return java.util.regex.Pattern.compile(regex).split(this, limit);
        }
        boolean limited = limit > 0;
        String[] list = new String[4];
        int size = 0;
        int off = 0;
        int next;
        while ((next = indexOf(ch, off)) != -1) {
            if (size == list.length) {
                list = grow(list);
            }
            if (!limited || size < limit - 1) {
                list[size++] = substring(off, next);
                off = next + 1;
            } else {
                int last = value.length;
                list[size++] = substring(off, last);
                off = last;
                break;
            }
        }
        if (off == 0) {
            return new String[] {this};
        }
        if (!limited || size < limit) {
            if (size == list.length) {
                list = grow(list);
            }
            list[size++] = substring(off, value.length);
        }
        if (limit == 0) {
            while (size > 0 && list[size - 1].value.length == 0) {
                size--;
            }
        }
        String[] result = new String[size];
        System.arraycopy(list, 0, result, 0, size);
        return result;
    }

    private static String[] grow(String[] a) {
        String[] b = new String[a.length * 2];
        System.arraycopy(a, 0, b, 0, a.length);
        return b;
    }

    /** The chars as ints (the JDK's stream is lazy; the values are the same). */
    public java.util.stream.IntStream chars() {
        int[] a = new int[value.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = value[i];
        }
        return java.util.Arrays.stream(a);
    }

    public static String join(CharSequence delimiter, Iterable<? extends CharSequence> elements) {
        if (delimiter == null || elements == null) {
            throw new NullPointerException();
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (CharSequence cs : elements) {
            if (!first) {
                sb.append(delimiter);
            }
            sb.append(cs);
            first = false;
        }
        return sb.toString();
    }

    public static String join(CharSequence delimiter, CharSequence... elements) {
        String delim = delimiter.toString();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) {
                sb.append(delim);
            }
            sb.append(elements[i]);
        }
        return sb.toString();
    }

    public String toString() {
        return this;
    }

    public native String intern();

    public static String valueOf(Object obj) {
        return (obj == null) ? "null" : obj.toString();
    }

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data) {
        return new String(data);
    }

    public static String copyValueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String valueOf(boolean b) {
        return b ? "true" : "false";
    }

    public static String valueOf(char c) {
        char[] v = new char[1];
        v[0] = c;
        return new String(v, true);
    }

    public static String valueOf(int i) {
        return Integer.toString(i);
    }

    public static String valueOf(long l) {
        return Long.toString(l);
    }

    public static String valueOf(float f) {
        return Float.toString(f);
    }

    public static String valueOf(double d) {
        return Double.toString(d);
    }

    /** Each char's low 8 bits, as the JDK's (deprecated) getBytes. */
    @Deprecated
    public void getBytes(int srcBegin, int srcEnd, byte[] dst, int dstBegin) {
        checkBoundsBeginEnd(srcBegin, srcEnd, value.length);
        java.util.Objects.requireNonNull(dst);
        checkBoundsOffCount(dstBegin, srcEnd - srcBegin, dst.length);
        for (int i = srcBegin; i < srcEnd; i++) {
            dst[dstBegin++] = (byte) value[i];
        }
    }

    /** JDK 17 reads other's chars before the bounds tests (so null is an NPE); JDK 25 after them. */
    public boolean regionMatches(int toffset, String other, int ooffset, int len) {
        if (jdkFeature() <= 17) {
            char[] ov = other.value;
        }
        return regionMatches0(false, toffset, other, ooffset, len);
    }

    public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
        if (!ignoreCase) {
            return regionMatches(toffset, other, ooffset, len);
        }
        return regionMatches0(true, toffset, other, ooffset, len);
    }

    private boolean regionMatches0(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
        // The bounds first, in the JDK's order (a null other is an NPE only past them).
        if ((ooffset < 0) || (toffset < 0) || (toffset > (long) value.length - len)
                || (ooffset > (long) other.length() - len)) {
            return false;
        }
        return StringText.regionMatches(ignoreCase, value, toffset, other.value, ooffset, len);
    }

    public String stripIndent() {
        return StringText.stripIndent(this);
    }

    public String translateEscapes() {
        return StringText.translateEscapes(this);
    }

    public <R> R transform(java.util.function.Function<? super String, ? extends R> f) {
        return f.apply(this);
    }

    /** A String is its own nominal descriptor, as in the JDK. */
    public java.util.Optional<String> describeConstable() {
        return java.util.Optional.of(this);
    }

    public String resolveConstantDesc(java.lang.invoke.MethodHandles.Lookup lookup) {
        return this;
    }
}
