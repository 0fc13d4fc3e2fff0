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

    private Field() {
        throw new InternalError("the VM makes Field objects");
    }

    public Class<?> getDeclaringClass() {
        return clazz;
    }

    public String getName() {
        return name;
    }

    public Class<?> getType() {
        return type;
    }

    public String toString() {
        return type.getName() + " " + clazz.getName() + "." + name;
    }

    public void setAccessible(boolean flag) {
    }
}
