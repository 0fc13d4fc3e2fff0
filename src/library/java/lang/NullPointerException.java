/* m5's model of java.lang.NullPointerException. */
package java.lang;

/**
 * As the JDK's: the helpful message (JEP 358) of an exception the VM threw
 * is computed when first asked for, once. Contract with the VM: when it
 * throws one (without running a constructor) it sets
 * `extendedMessageState = 1` and the throw site, `vmSiteMethod` (m5's method
 * number + 1) and `vmSitePc` (the instruction); code that creates one with
 * `new` leaves the state at 0, and it never gets a helpful message.
 */
public class NullPointerException extends RuntimeException {
    private transient int extendedMessageState;
    private transient String extendedMessage;
    private transient int vmSiteMethod;
    private transient int vmSitePc;

    public NullPointerException() {
        super();
    }

    public NullPointerException(String message) {
        super(message);
    }

    public String getMessage() {
        String message = super.getMessage();
        if (message == null) {
            synchronized (this) {
                if (extendedMessageState == 1) {
                    extendedMessage = getExtendedNPEMessage();
                    extendedMessageState = 2;
                }
                return extendedMessage;
            }
        }
        return message;
    }

    private native String getExtendedNPEMessage();
}
