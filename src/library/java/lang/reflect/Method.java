/*
 * m5's model of java.lang.reflect.Method: made by the VM (Class.getMethod,
 * getDeclaredMethod), it names a method by its class, name and descriptor.
 * invoke checks the receiver and arguments as the JDK does, then a native
 * pushes the method's frame (virtual methods dispatched on the receiver),
 * one per JVM return kind, and boxes what it returns; what the method
 * throws comes out wrapped in InvocationTargetException.
 */
package java.lang.reflect;

public final class Method {
    private final Class<?> clazz;
    private final String name;
    /** The JVM descriptor ("(Ljava/lang/Runnable;)Ljava/lang/Thread;"). */
    private final String descriptor;
    private final Class<?>[] parameterTypes;
    private final Class<?> returnType;
    private final int modifiers;
    /** The checked exceptions it declares (throws). */
    private final Class<?>[] exceptionTypes;

    private Method() {
        throw new InternalError("the VM makes Method objects");
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

    public Class<?> getReturnType() {
        return returnType;
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

    /**
     * As the JDK: modifiers, return type, class.name(parameter types). (The
     * modifiers are spelled here, not by the JDK's Modifier: every model
     * class's toString is live code, and Modifier's StringJoiner would make
     * much of the JDK live for every program.)
     */
    public String toString() {
        StringBuilder sb = new StringBuilder();
        String[] words = {"public", "protected", "private", "abstract", "static", "final",
            "synchronized", "native", "strictfp"};
        int[] bits = {0x1, 0x4, 0x2, 0x400, 0x8, 0x10, 0x20, 0x100, 0x800};
        for (int i = 0; i < bits.length; i++) {
            if ((modifiers & bits[i]) != 0) {
                sb.append(words[i]).append(' ');
            }
            if (i == 2 && isDefault()) {
                sb.append("default ");
            }
        }
        sb.append(returnType.getTypeName()).append(' ').append(clazz.getTypeName()).append('.')
                .append(name).append('(');
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

    /** A public instance method with a body, in an interface. */
    public boolean isDefault() {
        return (modifiers & (0x400 | 0x1 | 0x8)) == 0x1 && clazz.isInterface();
    }

    public Object invoke(Object obj, Object... args)
            throws IllegalAccessException, InvocationTargetException {
        if ((modifiers & 0x8) == 0) {
            if (obj == null) {
                throw new NullPointerException();
            }
            if (!clazz.isInstance(obj)) {
                throw new IllegalArgumentException(jdkFeature() >= 18
                        ? "object of type " + obj.getClass().getName() + " is not an instance of "
                                + clazz.getName()
                        : "object is not an instance of declaring class");
            }
        }
        int n = args == null ? 0 : args.length;
        if (n != parameterTypes.length) {
            // JDK 18's reflection (method handles, JEP 416) says more.
            throw new IllegalArgumentException(jdkFeature() >= 18
                    ? "wrong number of arguments: " + n + " expected: " + parameterTypes.length
                    : "wrong number of arguments");
        }
        Object[] a = arguments(parameterTypes, args);
        try {
            switch (descriptor.charAt(descriptor.length() - 1)) {
                case 'V':
                    invokeV(obj, a);
                    return null;
                case 'Z':
                    return Boolean.valueOf(invokeI(obj, a) != 0);
                case 'B':
                    return Byte.valueOf((byte) invokeI(obj, a));
                case 'C':
                    return Character.valueOf((char) invokeI(obj, a));
                case 'S':
                    return Short.valueOf((short) invokeI(obj, a));
                case 'I':
                    return Integer.valueOf(invokeI(obj, a));
                case 'J':
                    return Long.valueOf(invokeJ(obj, a));
                case 'F':
                    return Float.valueOf(invokeF(obj, a));
                case 'D':
                    return Double.valueOf(invokeD(obj, a));
                default:
                    return invokeL(obj, a);
            }
        } catch (Throwable t) {
            throw new InvocationTargetException(t);
        }
    }

    /**
     * The arguments as the VM passes them (HotSpot's Reflection::invoke):
     * a reference as it is, if an instance of its parameter's type (or
     * null); for a primitive parameter, a wrapper unboxed and widened to it
     * (JLS 5.1.2: an Integer to a long, a Character to an int), as the
     * parameter's wrapper; anything else is IllegalArgumentException
     * ("argument type mismatch"; none for null on JDK 17).
     */
    static Object[] arguments(Class<?>[] types, Object[] args) {
        Object[] a = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> type = types[i];
            Object arg = args[i];
            if (!type.isPrimitive()) {
                if (arg != null && !type.isInstance(arg)) {
                    throw new IllegalArgumentException("argument type mismatch");
                }
                a[i] = arg;
                continue;
            }
            if (arg == null && jdkFeature() < 18) {
                // JDK 17's JVM_InvokeMethod (JDK 18's method handles say more).
                throw new IllegalArgumentException();
            }
            char from = FieldAccess.kindOfValue(arg);
            char to = FieldAccess.kindOf(type);
            if (from == 0 || !FieldAccess.widens(from, to)) {
                throw new IllegalArgumentException("argument type mismatch");
            }
            a[i] = FieldAccess.convert(arg, to);
        }
        return a;
    }

    /** The JDK's feature release (17 when m5 cannot tell), as Thread's. */
    private static native int jdkFeature();

    // Each pushes the method's frame, whose return value is theirs.
    private native void invokeV(Object obj, Object[] args);

    private native int invokeI(Object obj, Object[] args);

    private native long invokeJ(Object obj, Object[] args);

    private native float invokeF(Object obj, Object[] args);

    private native double invokeD(Object obj, Object[] args);

    private native Object invokeL(Object obj, Object[] args);
}
