/*
 * m5's model of java.lang.ref.Reference. The JDK's is bound to the garbage
 * collector (its initializer starts the Reference Handler thread); m5 has
 * no collector, so a reference is never cleared by it, which the
 * specification allows (a collector need not ever run). Weak, soft and
 * phantom references are the JDK's own subclasses. Enqueueing is not
 * modelled: calling enqueue or isEnqueued stops the run with an error.
 */
package java.lang.ref;

public abstract class Reference<T> {
    private T referent;
    final ReferenceQueue<? super T> queue;

    Reference(T referent) {
        this(referent, null);
    }

    Reference(T referent, ReferenceQueue<? super T> queue) {
        this.referent = referent;
        this.queue = queue;
    }

    public T get() {
        return referent;
    }

    public final boolean refersTo(T obj) {
        return referent == obj;
    }

    public void clear() {
        referent = null;
    }

    @Override
    protected Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }

    public static void reachabilityFence(Object ref) {
    }
}
