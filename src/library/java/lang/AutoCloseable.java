/* m5's model of java.lang.AutoCloseable (used by try-with-resources). */
package java.lang;

public interface AutoCloseable {
    void close() throws Exception;
}
