/*
 * m5's model of java.lang.System. out/err are created in <clinit>;
 * fd 1 is stdout and fd 2 is stderr (see java.io.PrintStream).
 */
package java.lang;

import java.io.PrintStream;

public final class System {
    public static final PrintStream out;
    public static final PrintStream err;

    static {
        out = new PrintStream(1);
        err = new PrintStream(2);
    }

    private System() {
    }

    public static native void arraycopy(Object src, int srcPos, Object dest, int destPos, int length);

    public static native void exit(int status);

    public static native long currentTimeMillis();

    public static native long nanoTime();

    public static native int identityHashCode(Object x);

    public static String lineSeparator() {
        return "\n";
    }

    public static void gc() {
    }
}
