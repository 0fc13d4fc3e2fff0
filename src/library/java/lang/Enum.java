/*
 * m5's model of java.lang.Enum. javac-generated enum classes call
 * Enum(String, int), clone() on their $VALUES array (native Object.clone)
 * and the static native Enum.valueOf(Class, String).
 */
package java.lang;

public abstract class Enum<E extends Enum<E>> implements java.lang.constant.Constable, Comparable<E>, java.io.Serializable {
    private final String name;
    private final int ordinal;

    protected Enum(String name, int ordinal) {
        this.name = name;
        this.ordinal = ordinal;
    }

    /** The enum class (a constant with a body is an instance of a subclass). */
    @SuppressWarnings("unchecked")
    public final Class<E> getDeclaringClass() {
        Class<?> clazz = getClass();
        Class<?> zuper = clazz.getSuperclass();
        return (zuper == Enum.class) ? (Class<E>) clazz : (Class<E>) zuper;
    }

    public final String name() {
        return name;
    }

    public final int ordinal() {
        return ordinal;
    }

    public String toString() {
        return name;
    }

    public final boolean equals(Object other) {
        return this == other;
    }

    public final int hashCode() {
        return super.hashCode();
    }

    protected final Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }

    /** Ordinal difference (the JDK also checks that both constants have the same enum type). */
    public final int compareTo(E o) {
        return ordinal - ((Enum<?>) o).ordinal;
    }

    public static native <T extends Enum<T>> T valueOf(Class<T> enumClass, String name);

    /**
     * As the JDK's: an Enum.EnumDesc of the enum class and name (made
     * through DynamicConstantDesc.ofCanonical, which gives the EnumDesc:
     * the model cannot name the JDK's nested class).
     */
    @SuppressWarnings("unchecked")
    public final java.util.Optional<java.lang.constant.DynamicConstantDesc<E>> describeConstable() {
        String n = getDeclaringClass().getName();
        java.lang.constant.ClassDesc cd = java.lang.constant.ClassDesc.ofDescriptor("L" + n.replace('.', '/') + ";");
        return java.util.Optional.of((java.lang.constant.DynamicConstantDesc<E>) java.lang.constant.DynamicConstantDesc.ofCanonical(
            java.lang.constant.ConstantDescs.BSM_ENUM_CONSTANT, name, cd, new java.lang.constant.ConstantDesc[0]));
    }
}
