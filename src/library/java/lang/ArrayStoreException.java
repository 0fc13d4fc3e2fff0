/* m5's model of java.lang.ArrayStoreException. */
package java.lang;

public class ArrayStoreException extends RuntimeException {
    public ArrayStoreException() {
        super();
    }

    public ArrayStoreException(String message) {
        super(message);
    }
}
