/* m5's model of java.lang.NullPointerException. */
package java.lang;

public class NullPointerException extends RuntimeException {
    public NullPointerException() {
        super();
    }

    public NullPointerException(String message) {
        super(message);
    }
}
