/*
 * m5's model of java.lang.Throwable.
 *
 * Contract with the VM: `private String detailMessage` is set directly by the VM
 * on the exceptions it throws itself (it need not run a constructor).
 *
 * Differences from the JDK: the stack trace is kept by the VM only for
 * printing (recorded when fillInStackTrace runs; no getStackTrace), and
 * suppressed exceptions print without their frames; `cause == null` means
 * "no cause yet", so initCause after an explicit null cause is allowed.
 */
package java.lang;

import java.io.PrintStream;

public class Throwable implements java.io.Serializable {
    private String detailMessage;
    private Throwable cause;
    private Throwable[] suppressedExceptions;
    private boolean suppressionDisabled;

    /* As in the JDK, every constructor calls fillInStackTrace() (which
     * subclasses may override), and the methods the JDK synchronizes are
     * synchronized here too. */

    public Throwable() {
        fillInStackTrace();
    }

    public Throwable(String message) {
        fillInStackTrace();
        detailMessage = message;
    }

    public Throwable(String message, Throwable cause) {
        fillInStackTrace();
        detailMessage = message;
        this.cause = cause;
    }

    public Throwable(Throwable cause) {
        fillInStackTrace();
        detailMessage = (cause == null ? null : cause.toString());
        this.cause = cause;
    }

    public String getMessage() {
        return detailMessage;
    }

    public String getLocalizedMessage() {
        return getMessage();
    }

    public synchronized Throwable getCause() {
        return cause;
    }

    public synchronized Throwable initCause(Throwable cause) {
        if (this.cause != null) {
            throw new IllegalStateException("Can't overwrite cause with "
                + (cause == null ? "a null" : cause.toString()), this);
        }
        if (cause == this) {
            throw new IllegalArgumentException("Self-causation not permitted", this);
        }
        this.cause = cause;
        return this;
    }

    public String toString() {
        String s = getClass().getName();
        String message = getLocalizedMessage();
        return (message != null) ? (s + ": " + message) : s;
    }

    public void printStackTrace() {
        printStackTrace(System.err);
    }

    /**
     * Prints toString(), a tab + "Suppressed: " line per suppressed exception,
     * then "Caused by: " + cause for each cause in the chain (the walk stops when
     * a cause repeats the previous one), each followed by its frames.
     */
    public void printStackTrace(PrintStream s) {
        s.println(this);
        s.print(stackTraceLines(null));
        Throwable[] sup = suppressedExceptions;
        if (sup != null) {
            for (int i = 0; i < sup.length; i++) {
                s.println("\tSuppressed: " + sup[i]);
            }
        }
        Throwable seen = this;
        Throwable c = getCause();
        while (c != null && c != seen) {
            s.println("Caused by: " + c);
            s.print(c.stackTraceLines(seen));
            seen = c;
            c = c.getCause();
        }
    }

    /* "\tat Class.method(File.java:N)" per frame the VM recorded; frames
     * shared with the enclosing throwable's bottom as one "\t... N more". */
    private native String stackTraceLines(Throwable enclosing);

    /* The VM records the stack when this method is called, as HotSpot's
     * native fillInStackTrace(int) does. */
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    public final synchronized void addSuppressed(Throwable exception) {
        if (exception == this) {
            throw new IllegalArgumentException("Self-suppression not permitted", exception);
        }
        if (exception == null) {
            throw new NullPointerException("Cannot suppress a null exception.");
        }
        if (suppressionDisabled) {
            return;
        }
        Throwable[] old = suppressedExceptions;
        int n = (old == null) ? 0 : old.length;
        Throwable[] grown = new Throwable[n + 1];
        if (n > 0) {
            System.arraycopy(old, 0, grown, 0, n);
        }
        grown[n] = exception;
        suppressedExceptions = grown;
    }

    public final synchronized Throwable[] getSuppressed() {
        Throwable[] s = suppressedExceptions;
        if (s == null) {
            return new Throwable[0];
        }
        Throwable[] copy = new Throwable[s.length];
        System.arraycopy(s, 0, copy, 0, s.length);
        return copy;
    }

    /**
     * As the JDK's: without suppression, addSuppressed is ignored; without a
     * writable stack trace, none is recorded (fillInStackTrace is not called).
     * (Fields inverted so that the VM's own exceptions, made without a
     * constructor, have the defaults.)
     */
    protected Throwable(String message, Throwable cause, boolean enableSuppression, boolean writableStackTrace) {
        if (writableStackTrace) {
            fillInStackTrace();
        }
        detailMessage = message;
        this.cause = cause;
        this.suppressionDisabled = !enableSuppression;
    }

    public void printStackTrace(java.io.PrintWriter s) {
        s.println(this);
        s.print(stackTraceLines(null));
        Throwable[] sup = suppressedExceptions;
        if (sup != null) {
            for (int i = 0; i < sup.length; i++) {
                s.println("\tSuppressed: " + sup[i]);
            }
        }
        Throwable seen = this;
        Throwable c = getCause();
        while (c != null && c != seen) {
            s.println("Caused by: " + c);
            s.print(c.stackTraceLines(seen));
            seen = c;
            c = c.getCause();
        }
    }
}
