/*
 * m5's model of java.lang.reflect.Field. The VM makes Field objects
 * (Class.getDeclaredField, getFields, ...). Reading and writing go through
 * Unsafe at the field's offset (volatile accesses for a volatile field),
 * so they are the program's ordinary accesses for the explorer and the
 * race checker; the checks, conversions and messages are JDK 17's field
 * accessors' (FieldAccess.java).
 */
package java.lang.reflect;

import jdk.internal.reflect.Reflection;

public final class Field {
    private final Class<?> clazz;
    private final String name;
    private final Class<?> type;
    private final boolean isStatic;
    private final int modifiers;
    /** setAccessible(true): no access check, and a non-trusted final field is writable. */
    private boolean override;

    private Field() {
        throw new InternalError("the VM makes Field objects");
    }

    public Class<?> getDeclaringClass() {
        return clazz;
    }

    public String getName() {
        return name;
    }

    public int getModifiers() {
        return modifiers;
    }

    public Class<?> getType() {
        return type;
    }

    /** As the JDK: modifiers, type, class.name. */
    public String toString() {
        StringBuilder sb = new StringBuilder();
        String[] words = {"public", "protected", "private", "static", "final", "transient", "volatile"};
        int[] bits = {0x1, 0x4, 0x2, 0x8, 0x10, 0x80, 0x40};
        for (int i = 0; i < bits.length; i++) {
            if ((modifiers & bits[i]) != 0) {
                sb.append(words[i]).append(' ');
            }
        }
        return sb.append(type.getTypeName()).append(' ').append(clazz.getTypeName()).append('.')
                .append(name).toString();
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof Field)) {
            return false;
        }
        Field other = (Field) obj;
        return clazz == other.clazz && name.equals(other.name) && type == other.type;
    }

    public int hashCode() {
        return clazz.getName().hashCode() ^ name.hashCode();
    }

    public void setAccessible(boolean flag) {
        override = flag;
    }

    /**
     * As the JDK's: the caller's access to the field (JDK 17's
     * AccessibleObject.checkAccess); a target is the receiver's class,
     * for a protected instance field (JLS 6.6.2).
     */
    private void checkAccess(Class<?> caller, Object obj) throws IllegalAccessException {
        Class<?> target = isStatic ? null : obj.getClass();
        if (!verifyMemberAccess(caller, clazz, target, modifiers)) {
            throw Reflection.newIllegalAccessException(caller, clazz, target, modifiers);
        }
    }

    /**
     * JDK 17's Reflection.verifyMemberAccess, where two classes are in the
     * same runtime package when in the same module and package (m5 has no
     * class loader objects to compare).
     */
    static boolean verifyMemberAccess(Class<?> current, Class<?> member, Class<?> target, int mods) {
        if (current == member) {
            return true;
        }
        Module m = member.getModule();
        if (current.getModule() != m && !m.isExported(member.getPackageName(), current.getModule())) {
            return false;
        }
        boolean samePackage = current.getModule() == m
                && current.getPackageName().equals(member.getPackageName());
        if (!Modifier.isPublic(Reflection.getClassAccessFlags(member)) && !samePackage) {
            return false;
        }
        if (Modifier.isPublic(mods)) {
            return true;
        }
        if (Modifier.isPrivate(mods)) {
            return current.getNestHost() == member.getNestHost();
        }
        boolean ok = samePackage || (Modifier.isProtected(mods) && member.isAssignableFrom(current));
        if (ok && target != null && Modifier.isProtected(mods) && target != current && !samePackage) {
            return current.isAssignableFrom(target);
        }
        return ok;
    }

    /** The JDK's accessor for this field (no object: its state is the field's). */
    private FieldAccess access() {
        return FieldAccess.of(this, isStatic, override);
    }

    public Object get(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return access().get(obj);
    }

    public boolean getBoolean(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Boolean) access().get(obj, 'Z')).booleanValue();
    }

    public byte getByte(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Number) access().get(obj, 'B')).byteValue();
    }

    public char getChar(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Character) access().get(obj, 'C')).charValue();
    }

    public short getShort(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Number) access().get(obj, 'S')).shortValue();
    }

    public int getInt(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Number) access().get(obj, 'I')).intValue();
    }

    public long getLong(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Number) access().get(obj, 'J')).longValue();
    }

    public float getFloat(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Number) access().get(obj, 'F')).floatValue();
    }

    public double getDouble(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        return ((Number) access().get(obj, 'D')).doubleValue();
    }

    public void set(Object obj, Object value) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, value);
    }

    public void setBoolean(Object obj, boolean z) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'Z', Boolean.valueOf(z));
    }

    public void setByte(Object obj, byte b) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'B', Byte.valueOf(b));
    }

    public void setChar(Object obj, char c) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'C', Character.valueOf(c));
    }

    public void setShort(Object obj, short v) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'S', Short.valueOf(v));
    }

    public void setInt(Object obj, int i) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'I', Integer.valueOf(i));
    }

    public void setLong(Object obj, long l) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'J', Long.valueOf(l));
    }

    public void setFloat(Object obj, float f) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'F', Float.valueOf(f));
    }

    public void setDouble(Object obj, double d) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.getCallerClass(), obj);
        }
        access().set(obj, 'D', Double.valueOf(d));
    }
}
