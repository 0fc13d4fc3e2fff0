/*
 * m5's model of java.lang.Class. Class objects are created by the VM only;
 * the class has no fields. Name and type queries are VM natives.
 */
package java.lang;

public final class Class<T> implements java.io.Serializable {
    private Class() {
    }

    /** Binary name with dots ("java.lang.String", "Outer$Inner"); arrays as descriptors ("[I", "[Ljava.lang.String;"). */
    public native String getName();

    public native boolean isInterface();

    /** The mirror of a primitive type ("int", ..., "void"): named so by getName. */
    static native Class<?> getPrimitiveClass(String name);

    public boolean isPrimitive() {
        String n = getName();
        return n.indexOf('.') < 0 && n.charAt(0) >= 'a' && n.charAt(0) <= 'z' && isPrimitiveName(n);
    }

    private static boolean isPrimitiveName(String n) {
        switch (n) {
            case "boolean": case "byte": case "char": case "short": case "int":
            case "long": case "float": case "double": case "void":
                return true;
            default:
                return false;
        }
    }

    /** A field the class declares (the VM makes the Field), or NoSuchFieldException. */
    public native java.lang.reflect.Field getDeclaredField(String name) throws NoSuchFieldException;

    /**
     * A public method of the class, its superclasses or superinterfaces
     * (the VM makes the Method), or NoSuchMethodException.
     */
    public native java.lang.reflect.Method getMethod(String name, Class<?>... parameterTypes)
            throws NoSuchMethodException;

    /** A method the class declares (the VM makes the Method), or NoSuchMethodException. */
    public native java.lang.reflect.Method getDeclaredMethod(String name, Class<?>... parameterTypes)
            throws NoSuchMethodException;

    public native Class<? super T> getSuperclass();

    public static Class<?> forName(String className) throws ClassNotFoundException {
        return forName(className, true, null);
    }

    /** The class of that name m5 loaded; the loader is ignored (m5 has one class path). */
    public static native Class<?> forName(String name, boolean initialize, ClassLoader loader) throws ClassNotFoundException;

    /** m5's lambda classes are hidden, as HotSpot's are. */
    public native boolean isHidden();

    public native boolean isRecord();

    /** The element type of an array class, null for any other. */
    public native Class<?> getComponentType();

    public native boolean isInstance(Object obj);

    /** Whether a value of type cls can be stored as this type (a primitive type: only itself). */
    public native boolean isAssignableFrom(Class<?> cls);

    /** As the JDK: this class, seen as a subclass of clazz, or ClassCastException naming this class. */
    @SuppressWarnings("unchecked")
    public <U> Class<? extends U> asSubclass(Class<U> clazz) {
        if (clazz.isAssignableFrom(this)) {
            return (Class<? extends U>) this;
        }
        throw new ClassCastException(this.toString());
    }

    public native boolean desiredAssertionStatus();

    public boolean isArray() {
        return getName().charAt(0) == '[';
    }

    @SuppressWarnings("unchecked")
    public T cast(Object obj) {
        if (obj != null && !isInstance(obj)) {
            throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to " + getName());
        }
        return (T) obj;
    }

    /**
     * Simple name computed from getName(): arrays get "[]" per dimension, then the
     * part after the last '.', then after the last '$' with leading digits removed
     * (so nested "A$B" -> "B", local "A$1B" -> "B", anonymous "A$1" -> "").
     * A top-level class whose own name contains '$' is not handled like the JDK.
     */
    public String getSimpleName() {
        return sourceName(false);
    }

    /**
     * The name as Java source writes it: nested "A$B" -> "A.B", arrays with
     * "[]"; null for local, anonymous and lambda classes (and arrays of them),
     * whose names have a part starting with a digit or "$$Lambda$". From the
     * binary name alone, as getSimpleName.
     */
    public String getCanonicalName() {
        return sourceName(true);
    }

    /** The simple or canonical name: the element's, then "[]" per dimension (null when the element's is). */
    private String sourceName(boolean canonical) {
        String name = getName();
        int dims = 0;
        while (name.charAt(dims) == '[') {
            dims++;
        }
        String element = dims == 0 ? name : name.charAt(dims) == 'L' ? name.substring(dims + 1, name.length() - 1) : null;
        String base;
        if (element == null) {
            base = primitiveName(name.charAt(dims));
        } else if (canonical) {
            base = canonicalBase(element);
        } else {
            base = simpleBase(element);
        }
        if (base == null) {
            return null;
        }
        for (int i = 0; i < dims; i++) {
            base = base.concat("[]");
        }
        return base;
    }

    private static String primitiveName(char tag) {
        switch (tag) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'C': return "char";
            case 'S': return "short";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            default: return "double";
        }
    }

    private static String simpleBase(String name) {
        String s = name.substring(name.lastIndexOf('.') + 1);
        // A lambda's class (HotSpot's hidden class keeps its whole name).
        if (s.indexOf("$$Lambda$") >= 0) {
            return s;
        }
        int dollar = s.lastIndexOf('$');
        if (dollar < 0) {
            return s;
        }
        int i = dollar + 1;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return s.substring(i);
    }

    private static String canonicalBase(String name) {
        if (name.indexOf("$$Lambda$") >= 0) {
            return null;
        }
        int start = name.lastIndexOf('.') + 1;
        String out = name.substring(0, start);
        while (true) {
            int dollar = name.indexOf('$', start);
            String part = dollar < 0 ? name.substring(start) : name.substring(start, dollar);
            if (part.length() == 0 || (part.charAt(0) >= '0' && part.charAt(0) <= '9')) {
                return null;
            }
            out = out.concat(part);
            if (dollar < 0) {
                return out;
            }
            out = out.concat(".");
            start = dollar + 1;
        }
    }

    /** As the JDK: the name, with "[]" per dimension for arrays. */
    public String getTypeName() {
        if (isArray()) {
            Class<?> c = this;
            String dims = "";
            while (c.isArray()) {
                dims = dims.concat("[]");
                c = c.getComponentType();
            }
            return c.getName().concat(dims);
        }
        return getName();
    }

    public String toString() {
        return (isInterface() ? "interface " : isPrimitive() ? "" : "class ") + getName();
    }

    /**
     * The class's module (a VM native): java.base for the JDK's classes,
     * primitive types and arrays of them; the class path's unnamed module
     * for every other class. The VM makes each once and keeps it here.
     */
    public native Module getModule();

    /** null (the bootstrap loader) for the JDK's classes; m5 models no application class loader object. */
    public native ClassLoader getClassLoader();

    private static Module baseModule;
    private static Module unnamedModule;

    /** As the JDK: the element type's package, "java.lang" for primitives, "" for none. */
    public String getPackageName() {
        String n = getName();
        int dims = 0;
        while (n.charAt(dims) == '[') {
            dims++;
        }
        if (dims > 0) {
            if (n.charAt(dims) != 'L') {
                return "java.lang";
            }
            n = n.substring(dims + 1, n.length() - 1);
        } else if (isPrimitive()) {
            return "java.lang";
        }
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot).intern();
    }
}
