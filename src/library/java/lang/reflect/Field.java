/*
 * m5's model of java.lang.reflect.Field: what the JDK's own classes use it
 * for (Unsafe.objectFieldOffset of a field found by getDeclaredField). The
 * VM makes Field objects (Class.getDeclaredField); reading or writing a
 * field through one is not modelled.
 */
package java.lang.reflect;

public final class Field {
    private final Class<?> clazz;
    private final String name;
    private final Class<?> type;
    private final boolean isStatic;
    private final int modifiers;

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
    }
}
