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

    private static java.util.Properties props;

    /** m5 has no security manager. */
    public static SecurityManager getSecurityManager() {
        return null;
    }

    /** The fixed properties of m5's virtual host (see getProperty). */
    public static java.util.Properties getProperties() {
        if (props == null) {
            java.util.Properties p = new java.util.Properties();
            String[] kv = fixedProperties();
            for (int i = 0; i < kv.length; i += 2) {
                p.setProperty(kv[i], kv[i + 1]);
            }
            props = p;
        }
        return props;
    }

    private static native String[] fixedProperties();

    /**
     * The fixed properties of m5's virtual host (line.separator,
     * file.separator, path.separator, user.language "en", the encodings
     * UTF-8); the JDK's own switches (java.*, jdk.*, sun.* names
     * that a command line would set) are unset; any other name stops the
     * run with an error naming it (m5 does not model the host).
     */
    public static native String getProperty(String key);

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    public static String lineSeparator() {
        return "\n";
    }

    public static void gc() {
    }
}
