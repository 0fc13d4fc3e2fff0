/*
 * m5's jdk.internal.access.JavaLangAccess: what the JDK's own classes ask
 * java.lang for through SharedSecrets (which m5 answers with an instance of
 * this class). Only what m5 models is here; the class is abstract, and a
 * call of any other method stops the run with an error naming it (m5 turns
 * an AbstractMethodError on a model class into that error).
 */
package java.lang;

abstract class LangAccess implements jdk.internal.access.JavaLangAccess {
    private LangAccess() {
    }

    /** StringJoiner's: prefix, the first size elements joined by delimiter, suffix. */
    public String join(String prefix, String suffix, String delimiter, String[] elements, int size) {
        StringBuilder sb = new StringBuilder(prefix);
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                sb.append(delimiter);
            }
            sb.append(elements[i]);
        }
        return sb.append(suffix).toString();
    }

    /**
     * JDK 24+ (java.lang.constant's ConstantUtils): prefix + value + suffix,
     * a null prefix, value, suffix or value's toString() read as "null", as
     * the JDK's StringConcatHelper.concat.
     */
    public String concat(String prefix, Object value, String suffix) {
        String v = value == null ? null : value.toString();
        return (prefix == null ? "null" : prefix) + (v == null ? "null" : v) + (suffix == null ? "null" : suffix);
    }

    /**
     * JDK 24+ (BigDecimal's toString): the bytes as a String in charset cs,
     * exact for Latin-1 and for ASCII bytes in US-ASCII or UTF-8 (where no
     * byte can be malformed); any other decoding is the JDK 17 method's
     * newStringNoRepl, which m5 does not model (the run stops naming it).
     */
    public String uncheckedNewStringNoRepl(byte[] bytes, java.nio.charset.Charset cs) {
        String name = cs.name();
        boolean ascii = true;
        for (byte b : bytes) {
            ascii &= b >= 0;
        }
        if (name.equals("ISO-8859-1") || (ascii && (name.equals("US-ASCII") || name.equals("UTF-8")))) {
            return new String(bytes, cs);
        }
        try {
            return newStringNoRepl(bytes, cs);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /**
     * JDK 21+: how the JDK's executors start a thread in a thread container
     * (which tracks it for thread dumps; m5 keeps none). The container's type
     * is named through a stub (build.sh), since javac 17 does not know it.
     */
    public void start(Thread thread, jdk.internal.vm.ThreadContainer container) {
        thread.start();
    }

    /**
     * JDK 21+: the platform thread a virtual thread runs on, or the thread
     * itself. The model's threads are all platform threads.
     */
    public Thread currentCarrierThread() {
        return Thread.currentThread();
    }

    /**
     * JDK 21+: how LockSupport parks and unparks a virtual thread. The
     * model's virtual threads are the JDK's bound ones, which park as a
     * platform thread does (ThreadBuilders.BoundVirtualThread).
     */
    public void parkVirtualThread() {
        jdk.internal.misc.Unsafe.getUnsafe().park(false, 0L);
    }

    public void parkVirtualThread(long nanos) {
        if (nanos > 0) {
            jdk.internal.misc.Unsafe.getUnsafe().park(false, nanos);
        }
    }

    public void unparkVirtualThread(Thread thread) {
        jdk.internal.misc.Unsafe.getUnsafe().unpark(thread);
    }

    /** The class loader's map of ClassLoaderValues (the JDK's own ClassLoader keeps it). */
    public java.util.concurrent.ConcurrentHashMap<?, ?> createOrGetClassLoaderValueMap(ClassLoader cl) {
        return cl.createOrGetClassLoaderValueMap();
    }

    /** The enum's constants (its values()), or null for a class that is no enum. */
    public native <E extends Enum<E>> E[] getEnumConstantsShared(Class<E> klass);

    /** The unnamed module of a class loader (BootLoader's, for the boot loader). */
    public Module defineUnnamedModule(ClassLoader loader) {
        return new Module(loader);
    }

    public Module addEnableNativeAccess(Module m) {
        return m.implAddEnableNativeAccess();
    }
}
