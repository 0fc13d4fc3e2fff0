/*
 * m5's model of java.lang.ThreadGroup: every thread is in "main" (whose
 * parent is "system") unless made with another group. A group holds its
 * subgroups and its threads' defaults (maximum priority, daemon flag);
 * its live threads are the VM's (activeCount, enumerate). Destroying
 * groups is not modelled, and the VM's own threads (HotSpot's, in
 * "system") do not exist, so enumerating "system" stops as not modeled.
 */
package java.lang;

public class ThreadGroup {
    static final ThreadGroup SYSTEM = new ThreadGroup();
    static final ThreadGroup MAIN = new ThreadGroup(SYSTEM, "main");

    private final ThreadGroup parent;
    private final String name;
    /** Read by the VM (a new thread's priority is capped by it). */
    private int maxPriority;
    private boolean daemon;
    private int ngroups;
    private ThreadGroup[] groups;

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
        parent.add(this);
    }

    private synchronized void add(ThreadGroup g) {
        if (groups == null) {
            groups = new ThreadGroup[4];
        } else if (ngroups == groups.length) {
            ThreadGroup[] more = new ThreadGroup[ngroups * 2];
            System.arraycopy(groups, 0, more, 0, ngroups);
            groups = more;
        }
        groups[ngroups++] = g;
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

    /**
     * As the JDK: out of range leaves it; otherwise at most the parent's,
     * and the same for every subgroup (threads keep their priorities).
     */
    public final void setMaxPriority(int pri) {
        int n;
        ThreadGroup[] snapshot;
        synchronized (this) {
            if (pri < Thread.MIN_PRIORITY || pri > Thread.MAX_PRIORITY) {
                return;
            }
            maxPriority = parent != null ? Math.min(pri, parent.maxPriority) : pri;
            n = ngroups;
            snapshot = groups;
        }
        for (int i = 0; i < n; i++) {
            snapshot[i].setMaxPriority(pri);
        }
    }

    public final boolean isDaemon() {
        return daemon;
    }

    public final void setDaemon(boolean daemon) {
        this.daemon = daemon;
    }

    /** The started, not yet ended threads of this group and its subgroups. */
    public native int activeCount();

    /**
     * Copies the live threads of this group and its subgroups into list, as
     * many as fit (in the order the VM started them); returns how many.
     */
    public int enumerate(Thread[] list) {
        if (this == SYSTEM) {
            String.notModeled("ThreadGroup.enumerate of the system group (HotSpot's own threads)");
        }
        Thread[] live = liveThreads();
        int n = Math.min(live.length, list.length);
        System.arraycopy(live, 0, list, 0, n);
        return n;
    }

    /** The started, not yet ended threads of this group and its subgroups. */
    private native Thread[] liveThreads();

    /** The subgroups, transitively, as the JDK counts them. */
    public int activeGroupCount() {
        int n;
        ThreadGroup[] snapshot;
        synchronized (this) {
            n = ngroups;
            snapshot = groups;
        }
        int result = n;
        for (int i = 0; i < n; i++) {
            result += snapshot[i].activeGroupCount();
        }
        return result;
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
