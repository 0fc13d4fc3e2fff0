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

    /**
     * The system properties as an object, once the program asked for them
     * so (getProperties, setProperty, ...); until then null, and
     * getProperty answers from the VM's table of initial properties. Read
     * and written only by natives (props0, publish, setProps0, property0),
     * each one step.
     */
    private static java.util.Properties props;

    /** m5 has no security manager. */
    public static SecurityManager getSecurityManager() {
        return null;
    }

    /**
     * The system properties: the initial ones java would set for this JDK,
     * host and command line (see the VM's host table), then whatever the
     * program changed.
     */
    public static java.util.Properties getProperties() {
        java.util.Properties p = props0();
        if (p == null) {
            p = publish(new SystemProperties());
        }
        return p;
    }

    public static void setProperties(java.util.Properties p) {
        setProps0(p);
    }

    public static String getProperty(String key) {
        Object v = property0(key);
        if (v instanceof java.util.Properties) {
            return ((java.util.Properties) v).getProperty(key);
        }
        return (String) v;
    }

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    public static String setProperty(String key, String value) {
        checkKey(key);
        return (String) getProperties().setProperty(key, value);
    }

    public static String clearProperty(String key) {
        checkKey(key);
        return (String) getProperties().remove(key);
    }

    private static void checkKey(String key) {
        if (key == null) {
            throw new NullPointerException("key can't be null");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key can't be empty");
        }
    }

    /**
     * The checks of getProperty (NullPointerException, IllegalArgumentException),
     * then the properties object if there is one and it holds more than
     * the initial properties, else the initial value of key (null if java would not set it; a property java sets whose
     * value m5 does not know stops the run).
     */
    private static native Object property0(String key);

    /** The initial value of key. */
    private static native String initialProperty(String key);

    private static native java.util.Properties props0();

    /** Makes p the properties object unless there is one; returns the one there is. */
    private static native java.util.Properties publish(java.util.Properties p);

    private static native void setProps0(java.util.Properties p);

    public static String lineSeparator() {
        return initialProperty("line.separator");
    }

    /** The environment variable name (the process's environment). */
    public static native String getenv(String name);

    /** The map getenv() returns, once built; read and written only by natives. */
    private static java.util.Map<String, String> env;

    /**
     * The environment as an unmodifiable map, built as the JDK builds it
     * (a HashMap of the same capacity filled in the same order), so that
     * it iterates in the same order.
     */
    public static java.util.Map<String, String> getenv() {
        java.util.Map<String, String> e = env0();
        if (e == null) {
            String[] kv = environ();
            java.util.HashMap<String, String> m = new java.util.HashMap<>(kv.length / 2 + 3);
            for (int i = kv.length - 1; i > 0; i -= 2) {
                m.put(kv[i - 1], kv[i]);
            }
            e = publishEnv(java.util.Collections.unmodifiableMap(m));
        }
        return e;
    }

    private static native java.util.Map<String, String> env0();

    /** Makes e the environment map unless there is one; returns the one there is. */
    private static native java.util.Map<String, String> publishEnv(java.util.Map<String, String> e);

    /** name, value, name, value, ... */
    private static native String[] environ();

    public static void gc() {
    }

    /** m5 has no finalization (no collector): no finalizer is ever pending. */
    public static void runFinalization() {
    }

    /** The host's file name of a native library, as the JDK's native words it. */
    public static String mapLibraryName(String libname) {
        if (libname == null) {
            throw new NullPointerException();
        }
        if (libname.length() > 240) {
            throw new IllegalArgumentException("name too long");
        }
        String os = getProperty("os.name", "");
        if (os.startsWith("Windows")) {
            return libname + ".dll";
        }
        return "lib" + libname + (os.startsWith("Mac") ? ".dylib" : ".so");
    }

    /**
     * JDK 24+ refuses every security manager; JDK 18-23 unless
     * -Djava.security.manager=allow, JDK 17 if it is "disallow"; m5 models
     * none being installed (the run stops where the JDK would install one).
     */
    @SuppressWarnings("removal")
    public static void setSecurityManager(SecurityManager sm) {
        int feature = String.jdkRelease();
        if (feature >= 24) {
            throw new UnsupportedOperationException("Setting a Security Manager is not supported");
        }
        String allow = getProperty("java.security.manager");
        if (allow == null ? feature >= 18 : allow.equals("disallow")) {
            throw new UnsupportedOperationException(
                "The Security Manager is deprecated and will be removed in a future release");
        }
        String.notModeled("System.setSecurityManager (m5 models no security manager)");
    }
}
