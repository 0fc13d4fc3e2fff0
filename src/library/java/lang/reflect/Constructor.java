/*
 * m5's model of java.lang.reflect.Constructor: made by the VM
 * (Class.getConstructor, getDeclaredConstructor, getConstructors,
 * getDeclaredConstructors), it names a constructor by its class and
 * descriptor. newInstance checks the arguments as the JDK does, a native
 * allocates the object (initializing the class first), and Method's
 * invoke native runs <init> on it; what <init> throws comes out wrapped in
 * InvocationTargetException.
 */
package java.lang.reflect;

public final class Constructor<T> {
    private final Class<T> clazz;
    /** "<init>", for Method's invoke native. */
    private final String name;
    /** The JVM descriptor ("(ILjava/lang/String;)V"). */
    private final String descriptor;
    private final Class<?>[] parameterTypes;
    private final int modifiers;
    /** The checked exceptions it declares (throws). */
    private final Class<?>[] exceptionTypes;

    private Constructor() {
        throw new InternalError("the VM makes Constructor objects");
    }

    public Class<T> getDeclaringClass() {
        return clazz;
    }

    public String getName() {
        return clazz.getName();
    }

    public int getModifiers() {
        return modifiers;
    }

    public Class<?>[] getParameterTypes() {
        return parameterTypes.clone();
    }

    public Class<?>[] getExceptionTypes() {
        return exceptionTypes.clone();
    }

    public int getParameterCount() {
        return parameterTypes.length;
    }

    public void setAccessible(boolean flag) {
    }

    public boolean trySetAccessible() {
        return true;
    }

    public boolean isVarArgs() {
        return (modifiers & 0x80) != 0;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof Constructor)) {
            return false;
        }
        Constructor<?> other = (Constructor<?>) obj;
        return clazz == other.clazz && descriptor.equals(other.descriptor);
    }

    public int hashCode() {
        return clazz.getName().hashCode();
    }

    /** As the JDK: modifiers, then class(parameter types). */
    public String toString() {
        StringBuilder sb = new StringBuilder();
        String[] words = {"public", "protected", "private"};
        int[] bits = {0x1, 0x4, 0x2};
        for (int i = 0; i < bits.length; i++) {
            if ((modifiers & bits[i]) != 0) {
                sb.append(words[i]).append(' ');
            }
        }
        sb.append(clazz.getTypeName()).append('(');
        for (int i = 0; i < parameterTypes.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(parameterTypes[i].getTypeName());
        }
        sb.append(')');
        for (int i = 0; i < exceptionTypes.length; i++) {
            sb.append(i == 0 ? " throws " : ",").append(exceptionTypes[i].getTypeName());
        }
        return sb.toString();
    }

    @SuppressWarnings("unchecked")
    public T newInstance(Object... initargs)
            throws InstantiationException, IllegalAccessException, InvocationTargetException {
        int n = initargs == null ? 0 : initargs.length;
        if (n != parameterTypes.length) {
            // JDK 18's reflection (method handles, JEP 416) says more.
            throw new IllegalArgumentException(jdkFeature() >= 18
                    ? "wrong number of arguments: " + n + " expected: " + parameterTypes.length
                    : "wrong number of arguments");
        }
        Object[] a = Method.arguments(parameterTypes, initargs);
        Object o = allocate();
        try {
            init(o, a);
        } catch (Throwable t) {
            throw new InvocationTargetException(t);
        }
        return (T) o;
    }

    /** The JDK's feature release (17 when m5 cannot tell), as Thread's. */
    private static native int jdkFeature();

    /**
     * A new instance of the class, initialized first, no constructor run;
     * InstantiationException for an abstract class or an interface.
     */
    private native Object allocate() throws InstantiationException;

    /** Runs this constructor on o (Method's invoke native, as invokeV). */
    private native void init(Object o, Object[] args);
}
