/* m5's model of java.lang.Comparable. */
package java.lang;

public interface Comparable<T> {
    int compareTo(T o);
}
