/*
 * m5's model of java.lang.StringBuffer: a StringBuilder (m5's model) that
 * every public method reaches under the buffer's own monitor, as the
 * JDK's synchronized methods do, so that the explorer and the race
 * detector see the JDK's locking. The JDK's AbstractStringBuilder (byte[]
 * with a coder) is not the model's char[] String, hence this class.
 */
package java.lang;

public final class StringBuffer implements Appendable, java.io.Serializable, CharSequence, Comparable<StringBuffer> {
    private final StringBuilder b;

    public StringBuffer() {
        b = new StringBuilder();
    }

    public StringBuffer(int capacity) {
        b = new StringBuilder(capacity);
    }

    public StringBuffer(String str) {
        b = new StringBuilder(str);
    }

    public StringBuffer(CharSequence seq) {
        b = new StringBuilder(seq);
    }

    public synchronized int compareTo(StringBuffer another) {
        return toString().compareTo(another.toString());
    }

    public synchronized int length() {
        return b.length();
    }

    public synchronized int capacity() {
        return b.capacity();
    }

    public synchronized void ensureCapacity(int minimumCapacity) {
        b.ensureCapacity(minimumCapacity);
    }

    public synchronized void trimToSize() {
    }

    public synchronized void setLength(int newLength) {
        b.setLength(newLength);
    }

    public synchronized char charAt(int index) {
        return b.charAt(index);
    }

    public synchronized int codePointAt(int index) {
        return b.codePointAt(index);
    }

    public synchronized int codePointBefore(int index) {
        return b.codePointBefore(index);
    }

    public synchronized int codePointCount(int beginIndex, int endIndex) {
        return b.codePointCount(beginIndex, endIndex);
    }

    public synchronized int offsetByCodePoints(int index, int codePointOffset) {
        return b.offsetByCodePoints(index, codePointOffset);
    }

    public synchronized void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        b.getChars(srcBegin, srcEnd, dst, dstBegin);
    }

    public synchronized void setCharAt(int index, char ch) {
        b.setCharAt(index, ch);
    }

    public synchronized StringBuffer append(Object obj) {
        b.append(String.valueOf(obj));
        return this;
    }

    public synchronized StringBuffer append(String str) {
        b.append(str);
        return this;
    }

    public synchronized StringBuffer append(StringBuffer sb) {
        b.append(sb == null ? "null" : sb.toString());
        return this;
    }

    public synchronized StringBuffer append(CharSequence s) {
        b.append(s);
        return this;
    }

    public synchronized StringBuffer append(CharSequence s, int start, int end) {
        b.append(s, start, end);
        return this;
    }

    public synchronized StringBuffer append(char[] str) {
        b.append(str);
        return this;
    }

    public synchronized StringBuffer append(char[] str, int offset, int len) {
        b.append(str, offset, len);
        return this;
    }

    public synchronized StringBuffer append(boolean v) {
        b.append(v);
        return this;
    }

    public synchronized StringBuffer append(char c) {
        b.append(c);
        return this;
    }

    public synchronized StringBuffer append(int i) {
        b.append(i);
        return this;
    }

    public synchronized StringBuffer appendCodePoint(int codePoint) {
        b.appendCodePoint(codePoint);
        return this;
    }

    public synchronized StringBuffer append(long l) {
        b.append(l);
        return this;
    }

    public synchronized StringBuffer append(float f) {
        b.append(f);
        return this;
    }

    public synchronized StringBuffer append(double d) {
        b.append(d);
        return this;
    }

    public synchronized StringBuffer delete(int start, int end) {
        b.delete(start, end);
        return this;
    }

    public synchronized StringBuffer deleteCharAt(int index) {
        b.deleteCharAt(index);
        return this;
    }

    public synchronized StringBuffer replace(int start, int end, String str) {
        b.replace(start, end, str);
        return this;
    }

    public synchronized String substring(int start) {
        return b.substring(start);
    }

    public synchronized CharSequence subSequence(int start, int end) {
        return b.substring(start, end);
    }

    public synchronized String substring(int start, int end) {
        return b.substring(start, end);
    }

    public synchronized StringBuffer insert(int offset, Object obj) {
        b.insert(offset, String.valueOf(obj));
        return this;
    }

    public synchronized StringBuffer insert(int offset, String str) {
        b.insert(offset, str);
        return this;
    }

    public synchronized StringBuffer insert(int offset, char[] str) {
        b.insert(offset, str);
        return this;
    }

    public synchronized StringBuffer insert(int dstOffset, CharSequence s) {
        b.insert(dstOffset, String.valueOf(s));
        return this;
    }

    public synchronized StringBuffer insert(int index, char[] str, int offset, int len) {
        b.insert(index, str, offset, len);
        return this;
    }

    public synchronized StringBuffer insert(int dstOffset, CharSequence s, int start, int end) {
        b.insert(dstOffset, s, start, end);
        return this;
    }

    public synchronized StringBuffer insert(int offset, boolean v) {
        b.insert(offset, v);
        return this;
    }

    public synchronized StringBuffer insert(int offset, char c) {
        b.insert(offset, c);
        return this;
    }

    public synchronized StringBuffer insert(int offset, int i) {
        b.insert(offset, i);
        return this;
    }

    public synchronized StringBuffer insert(int offset, long l) {
        b.insert(offset, l);
        return this;
    }

    public synchronized StringBuffer insert(int offset, float f) {
        b.insert(offset, f);
        return this;
    }

    public synchronized StringBuffer insert(int offset, double d) {
        b.insert(offset, d);
        return this;
    }

    public synchronized int indexOf(String str) {
        return b.indexOf(str);
    }

    public synchronized int indexOf(String str, int fromIndex) {
        return b.indexOf(str, fromIndex);
    }

    public synchronized int lastIndexOf(String str) {
        return b.lastIndexOf(str);
    }

    public synchronized int lastIndexOf(String str, int fromIndex) {
        return b.lastIndexOf(str, fromIndex);
    }

    public synchronized StringBuffer reverse() {
        b.reverse();
        return this;
    }

    public synchronized String toString() {
        return b.toString();
    }
}
