/* m5's model of java.lang.CharSequence (of the default methods, only JDK 25's getChars, which its Reader.of calls). */
package java.lang;

public interface CharSequence {
    int length();

    char charAt(int index);

    CharSequence subSequence(int start, int end);

    String toString();

    /**
     * JDK 25's default (its java.io.Reader.of(CharSequence), under
     * StringReader, calls it): the chars srcBegin..srcEnd into dst at
     * dstBegin, with its bounds checks. No JDK 17 code names it.
     */
    default void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        java.util.Objects.checkFromToIndex(srcBegin, srcEnd, length());
        java.util.Objects.checkIndex(dstBegin, dst.length - (srcEnd - srcBegin) + 1);
        while (srcBegin < srcEnd) {
            dst[dstBegin++] = charAt(srcBegin++);
        }
    }
}
