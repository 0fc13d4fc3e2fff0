/*
 * m5's model of java.lang.Thread.
 * Thread() runs only Object.<init>() (M5's model). What the JDK's constructors
 * record, the VM records when a Thread constructor is invoked (from outside
 * this class's constructors): the id, the "Thread-N" number of a thread made
 * without a name, the group (the creating thread's unless one is given), the
 * creating thread's daemon status and priority (capped by the group's
 * maximum), and a copy of its inheritable thread-locals (inheritThreadLocals).
 * Scheduling, identity and interrupt state belong to the VM: see NATIVES.md.
 */
package java.lang;

public class Thread implements Runnable {
    public static final int MIN_PRIORITY = 1;
    public static final int NORM_PRIORITY = 5;
    public static final int MAX_PRIORITY = 10;

    /** The JDK's counters: "Thread-N" names taken, and ids given (the VM's). */
    private static int threadInitNumber;
    private static long threadSeqNumber;

    private Runnable target;
    /** null for a thread without a name: getName() makes "Thread-N" of initNumber. */
    private volatile String name;
    private boolean daemon;
    private int priority;
    /** null: the "main" group (the main thread's object has no constructor run). */
    private ThreadGroup group;
    /** N + 1 for the name "Thread-N" of a thread made without a name; 0 otherwise. */
    private int initNumber;
    /** LockSupport's blocker (the JDK's field; LockSupport sets it by offset). */
    volatile Object parkBlocker;
    /** ThreadLocal's maps (the JDK's fields). */
    ThreadLocal.ThreadLocalMap threadLocals;
    ThreadLocal.ThreadLocalMap inheritableThreadLocals;

    // What the JDK 21+ library asks a thread for (its ThreadLocal,
    // InheritableThreadLocal and LockSupport): the same fields, and no
    // thread of the model is a virtual thread's carrier.
    ThreadLocal.ThreadLocalMap threadLocals() {
        return threadLocals;
    }

    void setThreadLocals(ThreadLocal.ThreadLocalMap map) {
        threadLocals = map;
    }

    ThreadLocal.ThreadLocalMap inheritableThreadLocals() {
        return inheritableThreadLocals;
    }

    void setInheritableThreadLocals(ThreadLocal.ThreadLocalMap map) {
        inheritableThreadLocals = map;
    }

    /** Whether this is a virtual thread (made by the bound constructor below). */
    private boolean virtual;

    public final boolean isVirtual() {
        return virtual;
    }

    // JDK 21+'s virtual threads. m5 is a VM without continuations (as
    // HotSpot with -XX:-VMContinuations): the JDK's ThreadBuilders then
    // makes each virtual thread a BoundVirtualThread, a Thread subclass that
    // runs its task on a thread of its own, so that each is a thread of the
    // model like any other (ARCHITECTURE.md). The builder types are the
    // JDK's own (build.sh drops the class files of the ones declared here).

    /** JDK 21's builder interfaces, declared so the model compiles against them. */
    public interface Builder {
        interface OfVirtual extends Builder {
        }
    }

    /** As the JDK: the JDK's builder of virtual threads. */
    public static Builder.OfVirtual ofVirtual() {
        return (Builder.OfVirtual) (Object) new ThreadBuilders.VirtualThreadBuilder();
    }

    /** As the JDK: a virtual thread running task, started. */
    public static Thread startVirtualThread(Runnable task) {
        java.util.Objects.requireNonNull(task);
        Thread thread = ThreadBuilders.newVirtualThread(null, null, 0, task);
        thread.start();
        return thread;
    }

    /**
     * JDK 19+: a virtual thread's constructor (BaseVirtualThread's super
     * call). As the JDK's: a null name is "", a virtual thread is a daemon
     * of normal priority; the VM records the rest (interp/threads.rs), and
     * the characteristics say whether it inherits thread-locals.
     */
    Thread(String name, int characteristics, boolean bound) {
        this.name = name != null ? name : "";
        this.virtual = true;
        this.daemon = true;
        this.priority = NORM_PRIORITY;
    }

    /** JDK 21+: the scoped-value bindings a new thread runs with; m5 models none. */
    static Object scopedValueBindings() {
        return null;
    }

    /** JDK 21+: runs op with the bindings (none in m5). */
    void runWith(Object bindings, Runnable op) {
        op.run();
    }

    /** JDK 19+: the state, as a virtual thread's toString asks it. */
    State threadState() {
        return getState();
    }
    /** The interrupt status, as in the JDK (natives read and write it). */
    volatile boolean interrupted;
    /** LockSupport's permit (the JDK keeps it in the VM; natives use it). */
    private boolean parkPermit;
    /** The id (getId; the JDK's java.util.concurrent reads it by offset). */
    private long tid;
    /** Fields of the JDK's Thread that its java.util.concurrent reaches by offset. */
    long threadLocalRandomSeed;
    int threadLocalRandomProbe;
    int threadLocalRandomSecondarySeed;
    /** The JDK's InnocuousThread (JDK 21+) takes its offset. */
    private volatile ClassLoader contextClassLoader;
    /**
     * Whether setContextClassLoader ran on this thread. Until then its
     * context class loader is the application class loader (the main
     * thread's, inherited), which m5 does not make for every program.
     */
    private boolean contextClassLoaderSet;
    /** ThreadLocalRandom and ForkJoinPool's innocuous workers take its offset. */
    @SuppressWarnings("removal")
    private java.security.AccessControlContext inheritedAccessControlContext;

    public Thread() {
    }

    public Thread(Runnable target) {
        this.target = target;
    }

    public Thread(ThreadGroup group, Runnable target) {
        this.target = target;
    }

    public Thread(String name) {
        this(null, null, name, 0, true);
    }

    public Thread(ThreadGroup group, String name) {
        this(group, null, name, 0, true);
    }

    public Thread(Runnable target, String name) {
        this(null, target, name, 0, true);
    }

    public Thread(ThreadGroup group, Runnable target, String name) {
        this(group, target, name, 0, true);
    }

    /** The stack size is a hint the JVM may ignore; m5 does. */
    public Thread(ThreadGroup group, Runnable target, String name, long stackSize) {
        this(group, target, name, stackSize, true);
    }

    public Thread(ThreadGroup group, Runnable target, String name, long stackSize,
            boolean inheritThreadLocals) {
        checkName(name);
        this.name = name;
        this.target = target;
    }

    /**
     * Run by the VM when a constructor is invoked and the creating thread has
     * inheritable thread-locals: the child's values (childValue), then the
     * id, which the JDK takes last.
     */
    private void inheritThreadLocals(ThreadLocal.ThreadLocalMap parentMap) {
        inheritableThreadLocals = ThreadLocal.createInheritedMap(parentMap);
        tid = nextThreadId();
    }

    /** The next id (++threadSeqNumber, which starts past HotSpot's own threads'). */
    private static native long nextThreadId();

    /** The JDK's feature release (17 when m5 cannot tell): what changed in 19 follows it. */
    private static native int jdkFeature();

    private static void checkName(String name) {
        if (name == null) {
            throw new NullPointerException(jdkFeature() >= 19 ? "'name' is null" : "name cannot be null");
        }
    }

    /** The group; null once the thread has ended, as in the JDK. */
    public final ThreadGroup getThreadGroup() {
        if (getState() == State.TERMINATED) {
            return null;
        }
        return group != null ? group : ThreadGroup.MAIN;
    }

    public State getState() {
        switch (state0()) {
            case 0: return State.NEW;
            case 1: return State.RUNNABLE;
            case 2: return State.BLOCKED;
            case 3: return State.WAITING;
            case 4: return State.TIMED_WAITING;
            default: return State.TERMINATED;
        }
    }

    /** 0 new, 1 runnable, 2 blocked on a monitor, 3 waiting, 4 timed waiting, 5 terminated. */
    private native int state0();

    public enum State {
        NEW, RUNNABLE, BLOCKED, WAITING, TIMED_WAITING, TERMINATED
    }

    public static void onSpinWait() {
    }

    public void run() {
        if (target != null) {
            target.run();
        }
    }

    /** Synchronized on the thread object, as in the JDK. */
    public synchronized native void start();

    public final void join() throws InterruptedException {
        join(0);
    }

    /**
     * As in the JDK: waits on the thread object, which a terminating thread
     * notifies (holding its monitor), until the thread ends or `millis` have
     * gone by on m5's virtual clock. One difference: the JDK waits again
     * after a notify that is not the thread's end (it reads the clock to know
     * how long); m5 returns, so that join needs no clock read, and a program
     * that never reads the clock keeps it still (see m5's interp/clock.rs).
     * The JDK advises against notifying Thread objects.
     */
    public final synchronized void join(long millis) throws InterruptedException {
        if (millis > 0) {
            if (isAlive()) {
                wait(millis);
            }
        } else if (millis == 0) {
            while (isAlive()) {
                wait(0);
            }
        } else {
            throw new IllegalArgumentException("timeout value is negative");
        }
    }

    /** As the JDK: the nanoseconds round the milliseconds up. */
    public final void join(long millis, int nanos) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        if (nanos > 0 && millis < Long.MAX_VALUE) {
            millis++;
        }
        join(millis);
    }

    public static native Thread currentThread();

    public static native void sleep(long millis) throws InterruptedException;

    /** As the JDK: the nanoseconds round the milliseconds up. */
    public static void sleep(long millis, int nanos) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("timeout value is negative");
        }
        if (nanos < 0 || nanos > 999999) {
            throw new IllegalArgumentException("nanosecond timeout value out of range");
        }
        if (nanos > 0 && millis < Long.MAX_VALUE) {
            millis++;
        }
        sleep(millis);
    }

    public static native void yield();

    /** Whether the current thread holds obj's monitor (NullPointerException for null). */
    public static native boolean holdsLock(Object obj);

    public final native String getName();

    public final native boolean isAlive();

    public native void interrupt();

    public native boolean isInterrupted();

    public static native boolean interrupted();

    /** Java 19+'s name for the id. */
    public final long threadId() {
        return tid;
    }

    public long getId() {
        return tid;
    }

    /** As the JDK's: the group's active count. */
    public static int enumerate(Thread[] tarray) {
        return currentThread().getThreadGroup().enumerate(tarray);
    }

    public static int activeCount() {
        return currentThread().getThreadGroup().activeCount();
    }

    public final void setName(String name) {
        checkName(name);
        this.name = name;
    }

    public final void setDaemon(boolean on) {
        if (virtual && !on) {
            throw new IllegalArgumentException("'false' not legal for virtual threads");
        }
        if (isAlive()) {
            throw new IllegalThreadStateException();
        }
        daemon = on;
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public final int getPriority() {
        return priority;
    }

    /** As the JDK: capped by the group's maximum; no effect once the thread has ended. */
    public final void setPriority(int newPriority) {
        if (newPriority > MAX_PRIORITY || newPriority < MIN_PRIORITY) {
            throw new IllegalArgumentException();
        }
        ThreadGroup g = getThreadGroup();
        if (g != null) {
            if (newPriority > g.getMaxPriority()) {
                newPriority = g.getMaxPriority();
            }
            priority = newPriority;
        }
    }

    /**
     * Called by the VM when run() (or main) ends with an uncaught exception, as
     * HotSpot calls the JDK method of the same name. Prints what the JDK's
     * default handler prints (minus the stack frames).
     */
    private void dispatchUncaughtException(Throwable e) {
        System.err.print("Exception in thread \"" + getName() + "\" ");
        e.printStackTrace(System.err);
    }

    /**
     * As the JDK: the group's name is empty once the thread has ended; from
     * JDK 19 the id comes first.
     */
    public String toString() {
        ThreadGroup g = getThreadGroup();
        String id = jdkFeature() >= 19 ? "#" + threadId() + "," : "";
        return "Thread[" + id + getName() + "," + getPriority() + "," + (g != null ? g.getName() : "") + "]";
    }

    /** As in the JDK: a Thread cannot be cloned. */
    protected Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }

    /** m5 has no security manager: nothing to check, as the JDK without one. */
    public ClassLoader getContextClassLoader() {
        if (!contextClassLoaderSet) {
            String.notModeled("Thread.getContextClassLoader() of a thread whose context class loader"
                    + " was never set (the application class loader)");
        }
        return contextClassLoader;
    }

    public void setContextClassLoader(ClassLoader cl) {
        contextClassLoader = cl;
        contextClassLoaderSet = true;
    }

    public final void checkAccess() {
    }

    /** JDK 20+ throws; before, it stops the thread asynchronously, which m5 does not model. */
    @Deprecated
    public final void stop() {
        if (jdkFeature() < 20) {
            String.notModeled("Thread.stop (asynchronous exceptions)");
        }
        throw new UnsupportedOperationException();
    }

    /** As the JDK 17's: always unsupported. */
    @Deprecated
    public int countStackFrames() {
        throw new UnsupportedOperationException();
    }
}
