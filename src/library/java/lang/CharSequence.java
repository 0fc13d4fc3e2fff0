/* m5's model of java.lang.CharSequence (no default methods). */
package java.lang;

public interface CharSequence {
    int length();

    char charAt(int index);

    CharSequence subSequence(int start, int end);

    String toString();
}
