/* m5's model of java.lang.NoClassDefFoundError. */
package java.lang;

public class NoClassDefFoundError extends LinkageError {
    public NoClassDefFoundError() {
        super();
    }

    public NoClassDefFoundError(String message) {
        super(message);
    }
}
