/*
 * m5's model of java.lang.ThreadGroup: every thread is in "main" (whose
 * parent is "system") unless made with another group. Groups only name
 * and hold their threads' defaults here; enumerating a group's threads is
 * not modelled.
 */
package java.lang;

public class ThreadGroup {
    static final ThreadGroup SYSTEM = new ThreadGroup();
    static final ThreadGroup MAIN = new ThreadGroup(SYSTEM, "main");

    private final ThreadGroup parent;
    private final String name;
    private int maxPriority;
    private boolean daemon;

    private ThreadGroup() {
        this.parent = null;
        this.name = "system";
        this.maxPriority = Thread.MAX_PRIORITY;
    }

    public ThreadGroup(String name) {
        this(Thread.currentThread().getThreadGroup(), name);
    }

    public ThreadGroup(ThreadGroup parent, String name) {
        if (parent == null) {
            throw new NullPointerException();
        }
        this.parent = parent;
        this.name = name;
        this.maxPriority = parent.maxPriority;
        this.daemon = parent.daemon;
    }

    public final String getName() {
        return name;
    }

    public final ThreadGroup getParent() {
        return parent;
    }

    public final int getMaxPriority() {
        return maxPriority;
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public final void setDaemon(boolean daemon) {
        this.daemon = daemon;
    }

    public final boolean parentOf(ThreadGroup g) {
        for (; g != null; g = g.parent) {
            if (g == this) {
                return true;
            }
        }
        return false;
    }

    public String toString() {
        return getClass().getName() + "[name=" + getName() + ",maxpri=" + getMaxPriority() + "]";
    }
}
