/*
 * m5's model of java.lang.StringBuilder (the JDK's AbstractStringBuilder folded in).
 * A growable char[] `value` holding `count` chars. Growth follows the JDK:
 * new capacity = max(2 * old + 2, needed), copied with System.arraycopy.
 * Exception messages follow HotSpot/JDK 17.
 */
package java.lang;

public final class StringBuilder implements Appendable, java.io.Serializable, CharSequence {
    char[] value;
    int count;

    public StringBuilder() {
        value = new char[16];
    }

    public StringBuilder(int capacity) {
        value = new char[capacity];
    }

    public StringBuilder(String str) {
        value = new char[str.length() + 16];
        append(str);
    }

    public StringBuilder(CharSequence seq) {
        value = new char[seq.length() + 16];
        append(seq);
    }

    public int length() {
        return count;
    }

    public int capacity() {
        return value.length;
    }

    public void ensureCapacity(int minimumCapacity) {
        if (minimumCapacity > 0) {
            ensureCapacityInternal(minimumCapacity);
        }
    }

    private void ensureCapacityInternal(int minimumCapacity) {
        int oldCapacity = value.length;
        if (minimumCapacity - oldCapacity > 0) {
            int newCapacity = (oldCapacity << 1) + 2;
            if (newCapacity - minimumCapacity < 0) {
                newCapacity = minimumCapacity;
            }
            char[] v = new char[newCapacity];
            System.arraycopy(value, 0, v, 0, count);
            value = v;
        }
    }

    private static void checkIndex(int index, int length) {
        if (index < 0 || index >= length) {
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + length);
        }
    }

    private static void checkOffset(int offset, int length) {
        if (offset < 0 || offset > length) {
            throw new StringIndexOutOfBoundsException("offset " + offset + ", length " + length);
        }
    }

    private static void checkRangeSIOOBE(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new StringIndexOutOfBoundsException(
                "start " + start + ", end " + end + ", length " + length);
        }
    }

    private static void checkRange(int start, int end, int length) {
        if (start < 0 || start > end || end > length) {
            throw new IndexOutOfBoundsException(
                "start " + start + ", end " + end + ", length " + length);
        }
    }

    public char charAt(int index) {
        checkIndex(index, count);
        return value[index];
    }

    public void setCharAt(int index, char ch) {
        checkIndex(index, count);
        value[index] = ch;
    }

    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException(newLength);
        }
        ensureCapacityInternal(newLength);
        for (int i = count; i < newLength; i++) {
            value[i] = '\0';
        }
        count = newLength;
    }

    public StringBuilder append(String str) {
        if (str == null) {
            str = "null";
        }
        int len = str.length();
        ensureCapacityInternal(count + len);
        str.getChars(value, count);
        count += len;
        return this;
    }

    public StringBuilder append(StringBuilder sb) {
        if (sb == null) {
            return append("null");
        }
        int len = sb.count;
        ensureCapacityInternal(count + len);
        System.arraycopy(sb.value, 0, value, count, len);
        count += len;
        return this;
    }

    public StringBuilder append(StringBuffer sb) {
        return append(sb == null ? "null" : sb.toString());
    }

    public StringBuilder append(Object obj) {
        return append(String.valueOf(obj));
    }

    public StringBuilder append(CharSequence s) {
        if (s == null) {
            return append("null");
        }
        if (s instanceof String) {
            return append((String) s);
        }
        if (s instanceof StringBuilder) {
            return append((StringBuilder) s);
        }
        return append(s, 0, s.length());
    }

    public StringBuilder append(CharSequence s, int start, int end) {
        if (s == null) {
            s = "null";
        }
        checkRange(start, end, s.length());
        ensureCapacityInternal(count + (end - start));
        for (int i = start; i < end; i++) {
            value[count++] = s.charAt(i);
        }
        return this;
    }

    public StringBuilder append(char[] str) {
        int len = str.length;
        ensureCapacityInternal(count + len);
        System.arraycopy(str, 0, value, count, len);
        count += len;
        return this;
    }

    public StringBuilder append(char[] str, int offset, int len) {
        checkRange(offset, offset + len, str.length);
        ensureCapacityInternal(count + len);
        System.arraycopy(str, offset, value, count, len);
        count += len;
        return this;
    }

    public StringBuilder append(boolean b) {
        return append(b ? "true" : "false");
    }

    public StringBuilder append(char c) {
        ensureCapacityInternal(count + 1);
        value[count++] = c;
        return this;
    }

    public StringBuilder append(int i) {
        return append(Integer.toString(i));
    }

    public StringBuilder append(long l) {
        return append(Long.toString(l));
    }

    public StringBuilder append(float f) {
        return append(Float.toString(f));
    }

    public StringBuilder append(double d) {
        return append(Double.toString(d));
    }

    public StringBuilder appendCodePoint(int codePoint) {
        if (codePoint >= 0 && codePoint < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            return append((char) codePoint);
        }
        if (!Character.isValidCodePoint(codePoint)) {
            throw new IllegalArgumentException("Not a valid Unicode code point: 0x"
                + Integer.toHexString(codePoint).toUpperCase());
        }
        append(Character.highSurrogate(codePoint));
        return append(Character.lowSurrogate(codePoint));
    }

    /** JDK 21+: count copies of the code point (the JDK's own Formatter pads with it). */
    public StringBuilder repeat(int codePoint, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        for (int i = 0; i < count; i++) {
            appendCodePoint(codePoint);
        }
        return this;
    }

    /** JDK 21+: count copies of cs ("null" for null). */
    public StringBuilder repeat(CharSequence cs, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count is negative: " + count);
        }
        CharSequence s = cs == null ? "null" : cs;
        for (int i = 0; i < count; i++) {
            append(s);
        }
        return this;
    }

    public StringBuilder delete(int start, int end) {
        if (end > count) {
            end = count;
        }
        checkRangeSIOOBE(start, end, count);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, end, value, start, count - end);
            count -= len;
        }
        return this;
    }

    public StringBuilder deleteCharAt(int index) {
        checkIndex(index, count);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    public StringBuilder replace(int start, int end, String str) {
        if (end > count) {
            end = count;
        }
        checkRangeSIOOBE(start, end, count);
        int len = str.length();
        int newCount = count + len - (end - start);
        ensureCapacityInternal(newCount);
        System.arraycopy(value, end, value, start + len, count - end);
        str.getChars(value, start);
        count = newCount;
        return this;
    }

    public StringBuilder insert(int offset, String str) {
        checkOffset(offset, count);
        if (str == null) {
            str = "null";
        }
        int len = str.length();
        ensureCapacityInternal(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        str.getChars(value, offset);
        count += len;
        return this;
    }

    public StringBuilder insert(int offset, char c) {
        checkOffset(offset, count);
        ensureCapacityInternal(count + 1);
        System.arraycopy(value, offset, value, offset + 1, count - offset);
        value[offset] = c;
        count++;
        return this;
    }

    public StringBuilder insert(int offset, char[] str) {
        checkOffset(offset, count);
        int len = str.length;
        ensureCapacityInternal(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        System.arraycopy(str, 0, value, offset, len);
        count += len;
        return this;
    }

    public StringBuilder insert(int offset, Object obj) {
        return insert(offset, String.valueOf(obj));
    }

    public StringBuilder insert(int offset, boolean b) {
        return insert(offset, b ? "true" : "false");
    }

    public StringBuilder insert(int offset, int i) {
        return insert(offset, Integer.toString(i));
    }

    public StringBuilder insert(int offset, long l) {
        return insert(offset, Long.toString(l));
    }

    public StringBuilder insert(int offset, float f) {
        return insert(offset, Float.toString(f));
    }

    public StringBuilder insert(int offset, double d) {
        return insert(offset, Double.toString(d));
    }

    public int indexOf(String str) {
        return String.indexOf(value, count, str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return String.indexOf(value, count, str, fromIndex);
    }

    public int lastIndexOf(String str) {
        return String.lastIndexOf(value, count, str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return String.lastIndexOf(value, count, str, fromIndex);
    }

    /** Reverses the chars; valid surrogate pairs are kept in order, as in the JDK. */
    public StringBuilder reverse() {
        char[] v = value;
        int n = count - 1;
        boolean hasSurrogates = false;
        for (int j = (n - 1) >> 1; j >= 0; j--) {
            int k = n - j;
            char cj = v[j];
            char ck = v[k];
            v[j] = ck;
            v[k] = cj;
            if (Character.isSurrogate(cj) || Character.isSurrogate(ck)) {
                hasSurrogates = true;
            }
        }
        if (hasSurrogates) {
            for (int i = 0; i < n; i++) {
                char c2 = v[i];
                if (Character.isLowSurrogate(c2)) {
                    char c1 = v[i + 1];
                    if (Character.isHighSurrogate(c1)) {
                        v[i++] = c1;
                        v[i] = c2;
                    }
                }
            }
        }
        return this;
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public String substring(int start, int end) {
        checkRangeSIOOBE(start, end, count);
        int n = end - start;
        if (n == 0) {
            return "";
        }
        char[] v = new char[n];
        System.arraycopy(value, start, v, 0, n);
        return new String(v, true);
    }

    public CharSequence subSequence(int start, int end) {
        return substring(start, end);
    }

    public String toString() {
        if (count == 0) {
            return "";
        }
        char[] v = new char[count];
        System.arraycopy(value, 0, v, 0, count);
        return new String(v, true);
    }
}
