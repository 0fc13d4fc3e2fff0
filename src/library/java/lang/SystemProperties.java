/*
 * m5's System.getProperties() object: a java.util.Properties whose initial
 * contents are the VM's table of initial properties (those java would set
 * for this JDK, host and command line). Until the program changes it or
 * looks at it whole, a lookup asks the table (one native step) and the
 * map stays empty: filling it runs the JDK's ConcurrentHashMap code for
 * some fifty entries, which would make every schedule of a program that
 * only reads a property branch at each of its steps. The first change or
 * whole view (size, enumeration, printing, equality) fills it (fill()),
 * and from then on it is java.util.Properties' own code.
 *
 * Keys java sets whose values m5 does not know (java.vm.info, ...) stop
 * the run as "not modeled" when a lookup or change names them, or when
 * the program looks at the whole set while they are in it; clear()
 * removes them too.
 */
package java.lang;

import java.util.Collection;
import java.util.Enumeration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

final class SystemProperties extends Properties {
    /** Whether the map holds the initial properties (the VM reads this too). */
    private volatile boolean filled;
    /** Whether clear() removed the unknown keys with the rest. */
    private volatile boolean cleared;
    /** Keys java sets whose values m5 does not know. */
    private final String[] unknown;

    SystemProperties() {
        super(size0());
        unknown = unknown0();
    }

    /** How many initial properties java has (the capacity it gives). */
    private static native int size0();

    /** key, value, key, value, ... of the initial properties m5 knows. */
    private static native String[] known0();

    private static native String[] unknown0();

    /** The initial value of key, null if java does not set it; stops the run for an unknown one. */
    private static native String initial0(String key);

    /** Stops the run: property key's value is not known to m5. */
    private static native void notModeled(String key);

    private synchronized void fill() {
        if (!filled) {
            String[] kv = known0();
            for (int i = 0; i < kv.length; i += 2) {
                super.put(kv[i], kv[i + 1]);
            }
            filled = true;
        }
    }

    /** Before the map is filled: what it would hold for key. */
    private Object initial(Object key) {
        if (key instanceof String) {
            return initial0((String) key);
        }
        return super.get(key);
    }

    private void check(Object key) {
        if (cleared) {
            return;
        }
        for (int i = 0; i < unknown.length; i++) {
            if (unknown[i].equals(key)) {
                notModeled(unknown[i]);
            }
        }
    }

    private void checkAll() {
        if (!cleared && unknown.length > 0) {
            notModeled(unknown[0]);
        }
    }

    /** Before a change of key or a view of the whole. */
    private void filled(Object key) {
        fill();
        check(key);
    }

    private void whole() {
        fill();
        checkAll();
    }

    // Lookups.
    public String getProperty(String key) {
        if (!filled) {
            Object v = initial(key);
            return v instanceof String ? (String) v : null;
        }
        check(key);
        return super.getProperty(key);
    }

    public String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    public Object get(Object key) {
        if (!filled) {
            return initial(key);
        }
        check(key);
        return super.get(key);
    }

    public Object getOrDefault(Object key, Object def) {
        Object v = get(key);
        return v == null ? def : v;
    }

    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    // Changes (each returns or depends on the old value).
    public synchronized Object put(Object key, Object value) { filled(key); return super.put(key, value); }
    public synchronized Object remove(Object key) { filled(key); return super.remove(key); }
    public synchronized boolean remove(Object key, Object value) { filled(key); return super.remove(key, value); }
    public synchronized Object putIfAbsent(Object key, Object value) { filled(key); return super.putIfAbsent(key, value); }
    public synchronized boolean replace(Object key, Object old, Object value) { filled(key); return super.replace(key, old, value); }
    public synchronized Object replace(Object key, Object value) { filled(key); return super.replace(key, value); }
    public synchronized Object computeIfAbsent(Object key, Function<? super Object, ?> f) { filled(key); return super.computeIfAbsent(key, f); }
    public synchronized Object computeIfPresent(Object key, BiFunction<? super Object, ? super Object, ?> f) { filled(key); return super.computeIfPresent(key, f); }
    public synchronized Object compute(Object key, BiFunction<? super Object, ? super Object, ?> f) { filled(key); return super.compute(key, f); }
    public synchronized Object merge(Object key, Object value, BiFunction<? super Object, ? super Object, ?> f) { filled(key); return super.merge(key, value, f); }

    public synchronized void putAll(Map<?, ?> t) {
        fill();
        for (Object k : t.keySet()) {
            check(k);
        }
        super.putAll(t);
    }

    public synchronized void clear() {
        filled = true;
        cleared = true;
        super.clear();
    }

    // Views of the whole set.
    public Enumeration<?> propertyNames() { whole(); return super.propertyNames(); }
    public Set<String> stringPropertyNames() { whole(); return super.stringPropertyNames(); }
    public void list(java.io.PrintStream out) { whole(); super.list(out); }
    public void list(java.io.PrintWriter out) { whole(); super.list(out); }
    public int size() { whole(); return super.size(); }
    public boolean isEmpty() { whole(); return super.isEmpty(); }
    public Enumeration<Object> keys() { whole(); return super.keys(); }
    public Enumeration<Object> elements() { whole(); return super.elements(); }
    public boolean contains(Object value) { whole(); return super.contains(value); }
    public boolean containsValue(Object value) { whole(); return super.containsValue(value); }
    public synchronized String toString() { whole(); return super.toString(); }
    public Set<Object> keySet() { whole(); return super.keySet(); }
    public Collection<Object> values() { whole(); return super.values(); }
    public Set<Map.Entry<Object, Object>> entrySet() { whole(); return super.entrySet(); }
    public synchronized boolean equals(Object o) { whole(); return super.equals(o); }
    public synchronized int hashCode() { whole(); return super.hashCode(); }
    public synchronized void forEach(BiConsumer<? super Object, ? super Object> action) { whole(); super.forEach(action); }
    public synchronized void replaceAll(BiFunction<? super Object, ? super Object, ?> f) { whole(); super.replaceAll(f); }
    public synchronized Object clone() { whole(); return super.clone(); }
    public void store(java.io.Writer w, String comments) throws java.io.IOException { whole(); super.store(w, comments); }
    public void store(java.io.OutputStream out, String comments) throws java.io.IOException { whole(); super.store(out, comments); }
    public void storeToXML(java.io.OutputStream os, String comment) throws java.io.IOException { whole(); super.storeToXML(os, comment); }
    public void storeToXML(java.io.OutputStream os, String comment, String encoding) throws java.io.IOException { whole(); super.storeToXML(os, comment, encoding); }
    public void storeToXML(java.io.OutputStream os, String comment, java.nio.charset.Charset charset) throws java.io.IOException { whole(); super.storeToXML(os, comment, charset); }
    @SuppressWarnings("deprecation")
    public void save(java.io.OutputStream out, String comments) { whole(); super.save(out, comments); }
}
