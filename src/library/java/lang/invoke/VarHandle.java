/*
 * m5's model of java.lang.invoke.VarHandle: a handle on an instance field
 * or on the elements of an array type, made by MethodHandles.Lookup's
 * findVarHandle, findStaticVarHandle and MethodHandles.arrayElementVarHandle (which m5 answers
 * itself). Its access methods are signature polymorphic (JVMS 2.9.3): a
 * call site's own descriptor gives the arguments, and m5 runs each access
 * as one step, atomically (src/interp/varhandle.rs). Other access forms
 * (views of byte arrays and buffers) are not modeled.
 */
package java.lang.invoke;

public class VarHandle {
    /** The field's declaring class, or the array class. */
    final Class<?> holder;
    /** The field's slot (a static field's global slot); -1 for an array element handle. */
    final long offset;
    /** A static field's handle. */
    boolean isStatic;
    final Class<?> varType;

    VarHandle(Class<?> holder, long offset, Class<?> varType) {
        this.holder = holder;
        this.offset = offset;
        this.varType = varType;
    }

    public Class<?> varType() {
        return varType;
    }

    public VarHandle withInvokeExactBehavior() {
        return this;
    }

    public VarHandle withInvokeBehavior() {
        return this;
    }

    public boolean hasInvokeExactBehavior() {
        return false;
    }

    public static void fullFence() {
    }

    public static void acquireFence() {
    }

    public static void releaseFence() {
    }

    public static void loadLoadFence() {
    }

    public static void storeStoreFence() {
    }

    public final native Object get(Object... args);
    public final native Object getVolatile(Object... args);
    public final native Object getOpaque(Object... args);
    public final native Object getAcquire(Object... args);
    public final native Object compareAndExchange(Object... args);
    public final native Object compareAndExchangeAcquire(Object... args);
    public final native Object compareAndExchangeRelease(Object... args);
    public final native Object getAndSet(Object... args);
    public final native Object getAndSetAcquire(Object... args);
    public final native Object getAndSetRelease(Object... args);
    public final native Object getAndAdd(Object... args);
    public final native Object getAndAddAcquire(Object... args);
    public final native Object getAndAddRelease(Object... args);
    public final native Object getAndBitwiseOr(Object... args);
    public final native Object getAndBitwiseOrAcquire(Object... args);
    public final native Object getAndBitwiseOrRelease(Object... args);
    public final native Object getAndBitwiseAnd(Object... args);
    public final native Object getAndBitwiseAndAcquire(Object... args);
    public final native Object getAndBitwiseAndRelease(Object... args);
    public final native Object getAndBitwiseXor(Object... args);
    public final native Object getAndBitwiseXorAcquire(Object... args);
    public final native Object getAndBitwiseXorRelease(Object... args);
    public final native void set(Object... args);
    public final native void setVolatile(Object... args);
    public final native void setOpaque(Object... args);
    public final native void setRelease(Object... args);
    public final native boolean compareAndSet(Object... args);
    public final native boolean weakCompareAndSet(Object... args);
    public final native boolean weakCompareAndSetPlain(Object... args);
    public final native boolean weakCompareAndSetAcquire(Object... args);
    public final native boolean weakCompareAndSetRelease(Object... args);
}
