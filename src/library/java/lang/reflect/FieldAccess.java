/*
 * m5's: what JDK 17's Unsafe field accessors (jdk.internal.reflect.
 * Unsafe*FieldAccessorImpl) do for Field's get and set methods: the
 * receiver check, the read-only check of final fields, the widening
 * conversions of JLS 5.1.2 and their messages. The access itself is
 * Unsafe's, at the field's offset (volatile for a volatile field). The
 * conversions serve Method.invoke's and Constructor.newInstance's
 * arguments too.
 */
package java.lang.reflect;

import jdk.internal.misc.Unsafe;

final class FieldAccess {
    private static final Unsafe U = Unsafe.getUnsafe();
    private static final int STATIC = 0x8, FINAL = 0x10, VOLATILE = 0x40;

    private final Field field;
    private final boolean readOnly;
    private final char kind;

    private FieldAccess(Field field, boolean readOnly) {
        this.field = field;
        this.readOnly = readOnly;
        this.kind = kindOf(field.getType());
    }

    /**
     * As the JDK's ReflectionFactory: a final field is read-only unless
     * made accessible, and always when static or in a record or hidden class.
     */
    static FieldAccess of(Field f, boolean isStatic, boolean override) {
        boolean fin = (f.getModifiers() & FINAL) != 0;
        Class<?> c = f.getDeclaringClass();
        boolean trusted = fin && (isStatic || c.isRecord() || c.isHidden());
        if (isStatic) {
            U.ensureClassInitialized(c);
        }
        return new FieldAccess(f, fin && (!override || trusted));
    }

    /** The JVM descriptor letter of a type ('L' for any reference type). */
    static char kindOf(Class<?> t) {
        if (!t.isPrimitive()) {
            return 'L';
        }
        switch (t.getName()) {
            case "boolean": return 'Z';
            case "byte": return 'B';
            case "char": return 'C';
            case "short": return 'S';
            case "int": return 'I';
            case "long": return 'J';
            case "float": return 'F';
            default: return 'D';
        }
    }

    private static String typeName(char k) {
        switch (k) {
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

    /** The primitive kind a wrapper object unboxes to, 0 for anything else. */
    static char kindOfValue(Object v) {
        if (v instanceof Boolean) return 'Z';
        if (v instanceof Byte) return 'B';
        if (v instanceof Character) return 'C';
        if (v instanceof Short) return 'S';
        if (v instanceof Integer) return 'I';
        if (v instanceof Long) return 'J';
        if (v instanceof Float) return 'F';
        if (v instanceof Double) return 'D';
        return 0;
    }

    /** JLS 5.1.1/5.1.2: identity or a widening primitive conversion from `from` to `to`. */
    static boolean widens(char from, char to) {
        if (from == to) {
            return true;
        }
        switch (from) {
            case 'B': return "SIJFD".indexOf(to) >= 0;
            case 'S': case 'C': return "IJFD".indexOf(to) >= 0;
            case 'I': return "JFD".indexOf(to) >= 0;
            case 'J': return "FD".indexOf(to) >= 0;
            case 'F': return to == 'D';
            default: return false;
        }
    }

    /** The wrapper of primitive kind `to` for `v`, a wrapper that widens to it. */
    static Object convert(Object v, char to) {
        if (v instanceof Boolean) {
            return v;
        }
        long i;
        double d;
        if (v instanceof Character) {
            i = ((Character) v).charValue();
            d = i;
        } else {
            Number n = (Number) v;
            i = n.longValue();
            d = (v instanceof Float || v instanceof Double) ? n.doubleValue() : (double) i;
        }
        switch (to) {
            case 'B': return Byte.valueOf((byte) i);
            case 'C': return Character.valueOf((char) i);
            case 'S': return Short.valueOf((short) i);
            case 'I': return Integer.valueOf((int) i);
            case 'J': return Long.valueOf(i);
            case 'F': return v instanceof Long ? Float.valueOf((float) i) : Float.valueOf((float) d);
            default: return v instanceof Long ? Double.valueOf((double) i) : Double.valueOf(d);
        }
    }

    private String qualifiedName() {
        return field.getDeclaringClass().getName() + "." + field.getName();
    }

    private String setMessage(String attemptedType, String attemptedValue) {
        String err = "Can not set";
        if ((field.getModifiers() & STATIC) != 0) {
            err += " static";
        }
        if ((field.getModifiers() & FINAL) != 0) {
            err += " final";
        }
        err += " " + field.getType().getName() + " field " + qualifiedName() + " to ";
        if (!attemptedValue.isEmpty()) {
            err += "(" + attemptedType + ")" + attemptedValue;
        } else if (!attemptedType.isEmpty()) {
            err += attemptedType;
        } else {
            err += "null value";
        }
        return err;
    }

    private IllegalArgumentException setIllegal(Object o) {
        return new IllegalArgumentException(setMessage(o != null ? o.getClass().getName() : "", ""));
    }

    private IllegalArgumentException getIllegal(String type) {
        return new IllegalArgumentException("Attempt to get " + field.getType().getName() + " field \""
                + qualifiedName() + "\" with illegal data type conversion to " + type);
    }

    /** The receiver, checked as the JDK's ensureObj (a null instance throws NullPointerException). */
    private Object base(Object obj) {
        if ((field.getModifiers() & STATIC) != 0) {
            return U.staticFieldBase(field);
        }
        if (!field.getDeclaringClass().isAssignableFrom(obj.getClass())) {
            throw setIllegal(obj);
        }
        return obj;
    }

    private long offset() {
        return (field.getModifiers() & STATIC) != 0 ? U.staticFieldOffset(field) : U.objectFieldOffset(field);
    }

    /** The field's value, boxed when primitive. */
    Object get(Object obj) {
        Object b = base(obj);
        long o = offset();
        boolean v = (field.getModifiers() & VOLATILE) != 0;
        switch (kind) {
            case 'Z': return Boolean.valueOf(v ? U.getBooleanVolatile(b, o) : U.getBoolean(b, o));
            case 'B': return Byte.valueOf(v ? U.getByteVolatile(b, o) : U.getByte(b, o));
            case 'C': return Character.valueOf(v ? U.getCharVolatile(b, o) : U.getChar(b, o));
            case 'S': return Short.valueOf(v ? U.getShortVolatile(b, o) : U.getShort(b, o));
            case 'I': return Integer.valueOf(v ? U.getIntVolatile(b, o) : U.getInt(b, o));
            case 'J': return Long.valueOf(v ? U.getLongVolatile(b, o) : U.getLong(b, o));
            case 'F': return Float.valueOf(v ? U.getFloatVolatile(b, o) : U.getFloat(b, o));
            case 'D': return Double.valueOf(v ? U.getDoubleVolatile(b, o) : U.getDouble(b, o));
            default: return v ? U.getReferenceVolatile(b, o) : U.getReference(b, o);
        }
    }

    /** getX: the value widened to primitive kind `want`, boxed. */
    Object get(Object obj, char want) {
        if (kind == 'L' || !widens(kind, want)) {
            throw getIllegal(typeName(want));
        }
        return convert(get(obj), want);
    }

    /** set: the value unboxed and widened to the field's type, or a reference of it. */
    void set(Object obj, Object value) throws IllegalAccessException {
        Object b = base(obj);
        if (readOnly) {
            throw new IllegalAccessException(setMessage(value != null ? value.getClass().getName() : "", ""));
        }
        if (kind == 'L') {
            if (value != null && !field.getType().isInstance(value)) {
                throw setIllegal(value);
            }
            store(b, value);
            return;
        }
        char k = kindOfValue(value);
        if (k == 0 || !widens(k, kind)) {
            throw setIllegal(value);
        }
        store(b, convert(value, kind));
    }

    /** setX: `value`, of primitive kind `k`, widened to the field's type. */
    void set(Object obj, char k, Object value) throws IllegalAccessException {
        if (kind == 'L' || !widens(k, kind)) {
            throw new IllegalArgumentException(setMessage(typeName(k), String.valueOf(value)));
        }
        Object b = base(obj);
        Object v = convert(value, kind);
        if (readOnly) {
            throw new IllegalAccessException(setMessage(typeName(kind), String.valueOf(v)));
        }
        store(b, v);
    }

    private void store(Object b, Object value) {
        long o = offset();
        boolean v = (field.getModifiers() & VOLATILE) != 0;
        switch (kind) {
            case 'Z': if (v) U.putBooleanVolatile(b, o, (Boolean) value); else U.putBoolean(b, o, (Boolean) value); return;
            case 'B': if (v) U.putByteVolatile(b, o, (Byte) value); else U.putByte(b, o, (Byte) value); return;
            case 'C': if (v) U.putCharVolatile(b, o, (Character) value); else U.putChar(b, o, (Character) value); return;
            case 'S': if (v) U.putShortVolatile(b, o, (Short) value); else U.putShort(b, o, (Short) value); return;
            case 'I': if (v) U.putIntVolatile(b, o, (Integer) value); else U.putInt(b, o, (Integer) value); return;
            case 'J': if (v) U.putLongVolatile(b, o, (Long) value); else U.putLong(b, o, (Long) value); return;
            case 'F': if (v) U.putFloatVolatile(b, o, (Float) value); else U.putFloat(b, o, (Float) value); return;
            case 'D': if (v) U.putDoubleVolatile(b, o, (Double) value); else U.putDouble(b, o, (Double) value); return;
            default: if (v) U.putReferenceVolatile(b, o, value); else U.putReference(b, o, value);
        }
    }
}
