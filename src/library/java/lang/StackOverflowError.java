/* m5's model of java.lang.StackOverflowError. */
package java.lang;

public class StackOverflowError extends VirtualMachineError {
    public StackOverflowError() {
        super();
    }

    public StackOverflowError(String message) {
        super(message);
    }
}
