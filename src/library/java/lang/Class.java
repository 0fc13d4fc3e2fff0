/*
 * m5's model of java.lang.Class. Class objects are created by the VM only;
 * the class has no fields. Name and type queries are VM natives.
 */
package java.lang;

public final class Class<T> implements java.io.Serializable, java.lang.reflect.Type {
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

    /** A public constructor of exactly these parameter types. */
    public native java.lang.reflect.Constructor<T> getConstructor(Class<?>... parameterTypes)
        throws NoSuchMethodException;

    /** A constructor the class declares, of any access. */
    public native java.lang.reflect.Constructor<T> getDeclaredConstructor(Class<?>... parameterTypes)
        throws NoSuchMethodException;

    /** The class's public constructors, in declaration order. */
    public native java.lang.reflect.Constructor<?>[] getConstructors();

    /** The constructors the class declares, in declaration order. */
    public native java.lang.reflect.Constructor<?>[] getDeclaredConstructors();

    /** As HotSpot: a nested class's source modifiers, else the class file's (no ACC_SUPER). */
    public native int getModifiers();

    /** The class file's access flags (0 for primitive types and arrays). */
    private native int rawFlags();

    /** The direct superinterfaces, in declaration order. */
    public native Class<?>[] getInterfaces();

    public boolean isEnum() {
        return (rawFlags() & 0x4000) != 0 && getSuperclass() == Enum.class;
    }

    public boolean isSynthetic() {
        return (rawFlags() & 0x1000) != 0;
    }

    public boolean isAnnotation() {
        return (rawFlags() & 0x2000) != 0;
    }

    @SuppressWarnings("unchecked")
    public T[] getEnumConstants() {
        if (!isEnum()) {
            return null;
        }
        return (T[]) enumConstants0();
    }

    /** The enum's values() (a new array). */
    private native Object[] enumConstants0();

    /** The class its InnerClasses entry names as declaring it (member classes). */
    private native Class<?> declaringClass0();

    /** The class of its EnclosingMethod attribute (local and anonymous classes). */
    private native Class<?> enclosingClass0();

    /** The simple name of its InnerClasses entry (null for anonymous and top-level classes). */
    private native String simpleBinaryName0();

    public Class<?> getDeclaringClass() {
        return isArray() ? null : declaringClass0();
    }

    public Class<?> getEnclosingClass() {
        Class<?> enclosing = enclosingClass0();
        return enclosing != null ? enclosing : getDeclaringClass();
    }

    public boolean isAnonymousClass() {
        return !isArray() && enclosingClass0() != null && simpleBinaryName0() == null;
    }

    public boolean isLocalClass() {
        return !isArray() && enclosingClass0() != null && simpleBinaryName0() != null;
    }

    public boolean isMemberClass() {
        return !isArray() && enclosingClass0() == null && declaringClass0() != null;
    }

    /** The method a local or anonymous class is declared in (null elsewhere). */
    public native java.lang.reflect.Method getEnclosingMethod();

    /** The constructor a local or anonymous class is declared in (null elsewhere). */
    public native java.lang.reflect.Constructor<?> getEnclosingConstructor();

    /** The member classes the class declares. */
    public native Class<?>[] getDeclaredClasses();

    /** The public member classes of the class and its superclasses. */
    public Class<?>[] getClasses() {
        java.util.ArrayList<Class<?>> out = new java.util.ArrayList<>();
        for (Class<?> c = this; c != null; c = c.getSuperclass()) {
            for (Class<?> m : c.getDeclaredClasses()) {
                if ((m.getModifiers() & 0x1) != 0) {
                    out.add(m);
                }
            }
        }
        return out.toArray(new Class<?>[0]);
    }

    public native Class<?> getNestHost();

    public boolean isNestmateOf(Class<?> c) {
        return this == c || (!isPrimitive() && !isArray() && !c.isPrimitive() && !c.isArray()
                && getNestHost() == c.getNestHost());
    }

    /** The PermittedSubclasses (null when not sealed). */
    private native Class<?>[] permittedSubclasses0();

    public boolean isSealed() {
        return !isArray() && permittedSubclasses0() != null;
    }

    public Class<?>[] getPermittedSubclasses() {
        return isArray() ? null : permittedSubclasses0();
    }

    public native java.lang.reflect.Method[] getDeclaredMethods();

    public native java.lang.reflect.Method[] getMethods();

    public native java.lang.reflect.Field[] getDeclaredFields();

    public native java.lang.reflect.Field[] getFields();

    /** A public field of the class, its superinterfaces or superclasses (the first of getFields). */
    public java.lang.reflect.Field getField(String name) throws NoSuchFieldException {
        if (name == null) {
            throw new NullPointerException();
        }
        for (java.lang.reflect.Field f : getFields()) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        throw new NoSuchFieldException(name);
    }

    public Class<?> componentType() {
        return getComponentType();
    }

    public Class<?> arrayType() {
        return java.lang.reflect.Array.newInstance(this, 0).getClass();
    }

    /** The type's descriptor: "I", "[I", "Ljava/lang/String;". */
    public String descriptorString() {
        String n = getName();
        if (isPrimitive()) {
            switch (n) {
                case "boolean": return "Z";
                case "byte": return "B";
                case "char": return "C";
                case "short": return "S";
                case "int": return "I";
                case "long": return "J";
                case "float": return "F";
                case "double": return "D";
                default: return "V";
            }
        }
        return isArray() ? n.replace('.', '/') : "L" + n.replace('.', '/') + ";";
    }

    /** Unsigned classes: m5 reads no signatures. */
    public Object[] getSigners() {
        return null;
    }

    @Deprecated
    public T newInstance() throws InstantiationException, IllegalAccessException {
        try {
            return getDeclaredConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw (InstantiationException) new InstantiationException(getName()).initCause(e);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw sneaky(e.getCause());
        }
    }

    @SuppressWarnings("unchecked")
    private static <X extends Throwable> RuntimeException sneaky(Throwable t) throws X {
        throw (X) t;
    }

    public native Class<? super T> getSuperclass();

    public static Class<?> forName(String className) throws ClassNotFoundException {
        return forName(className, true, null);
    }

    /** The class of that name m5 loaded; the loader is ignored (m5 has one class path). */
    public static native Class<?> forName(String name, boolean initialize, ClassLoader loader) throws ClassNotFoundException;

    /** The class of that name if the module defines it, else null; not initialized. */
    public static native Class<?> forName(Module module, String name);

    /** m5's lambda classes are hidden, as HotSpot's are. */
    public native boolean isHidden();

    public native boolean isRecord();

    /** As the JDK: null unless a record; the VM makes the components. */
    public java.lang.reflect.RecordComponent[] getRecordComponents() {
        if (!isRecord()) {
            return null;
        }
        return recordComponents0();
    }

    private native java.lang.reflect.RecordComponent[] recordComponents0();

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
