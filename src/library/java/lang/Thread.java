/*
 * m5's model of java.lang.Thread.
 * Thread() runs only Object.<init>() (M5's model). Scheduling, identity and
 * interrupt state belong to the VM: see NATIVES.md. Priorities are not
 * modelled (getPriority() is always 5) and there are no thread groups
 * (toString() always ends in ",main]").
 */
package java.lang;

public class Thread implements Runnable {
    public static final int MIN_PRIORITY = 1;
    public static final int NORM_PRIORITY = 5;
    public static final int MAX_PRIORITY = 10;

    private Runnable target;
    private String name;
    private boolean daemon;
    /** null: the "main" group. */
    private ThreadGroup group;
    /** LockSupport's blocker (the JDK's field; LockSupport sets it by offset). */
    volatile Object parkBlocker;
    /** ThreadLocal's maps (the JDK's fields). */
    ThreadLocal.ThreadLocalMap threadLocals;
    ThreadLocal.ThreadLocalMap inheritableThreadLocals;
    /** The interrupt status, as in the JDK (natives read and write it). */
    volatile boolean interrupted;
    /** LockSupport's permit (the JDK keeps it in the VM; natives use it). */
    private boolean parkPermit;
    /** Fields of the JDK's Thread that its java.util.concurrent reaches by offset. */
    private long tid;
    long threadLocalRandomSeed;
    int threadLocalRandomProbe;
    int threadLocalRandomSecondarySeed;

    public Thread() {
    }

    public Thread(Runnable target) {
        this.target = target;
    }

    public Thread(String name) {
        if (name == null) {
            throw new NullPointerException("name cannot be null");
        }
        this.name = name;
    }

    public Thread(ThreadGroup group, Runnable target) {
        this.group = group;
        this.target = target;
    }

    public Thread(ThreadGroup group, String name) {
        this(group, null, name);
    }

    public Thread(ThreadGroup group, Runnable target, String name) {
        this(target, name);
        this.group = group;
    }

    /** The stack size is a hint the JVM may ignore; m5 does. */
    public Thread(ThreadGroup group, Runnable target, String name, long stackSize) {
        this(group, target, name);
    }

    /** The group; null once the thread has ended, as in the JDK. */
    public final ThreadGroup getThreadGroup() {
        if (getState() == State.TERMINATED) {
            return null;
        }
        return group != null ? group : ThreadGroup.MAIN;
    }

    public Thread(Runnable target, String name) {
        if (name == null) {
            throw new NullPointerException("name cannot be null");
        }
        this.target = target;
        this.name = name;
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

    public final native String getName();

    public final native boolean isAlive();

    public native void interrupt();

    public native boolean isInterrupted();

    public static native boolean interrupted();

    public native long getId();

    public final void setName(String name) {
        if (name == null) {
            throw new NullPointerException("name cannot be null");
        }
        this.name = name;
    }

    public final void setDaemon(boolean on) {
        if (isAlive()) {
            throw new IllegalThreadStateException();
        }
        daemon = on;
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public final int getPriority() {
        return NORM_PRIORITY;
    }

    public final void setPriority(int newPriority) {
        if (newPriority > MAX_PRIORITY || newPriority < MIN_PRIORITY) {
            throw new IllegalArgumentException();
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

    public String toString() {
        return "Thread[" + getName() + "," + getPriority() + ",main]";
    }

    /** As in the JDK: a Thread cannot be cloned. */
    protected Object clone() throws CloneNotSupportedException {
        throw new CloneNotSupportedException();
    }
}
