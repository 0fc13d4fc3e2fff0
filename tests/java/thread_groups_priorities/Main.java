// Thread groups, priorities and daemon status as the JDK's constructors give
// them: a thread joins the group it is given or else its creator's, takes its
// creator's priority (capped by the group's maximum) and daemon status; a
// group's maximum is at most its parent's and lowering it lowers the
// subgroups'; activeCount counts the started threads that have not ended, in
// the group and its subgroups; an ended thread has no group.
public class Main {
    static final Object gate = new Object();
    static boolean open;
    static boolean release;

    static void await() {
        synchronized (gate) {
            while (!open) {
                try {
                    gate.wait();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    static void awaitRelease() {
        synchronized (gate) {
            while (!release) {
                try {
                    gate.wait();
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Thread main = Thread.currentThread();
        ThreadGroup mainGroup = main.getThreadGroup();
        System.out.println(mainGroup + " parent " + mainGroup.getParent() + " "
                + mainGroup.getParent().getParent());
        System.out.println("main daemon " + main.isDaemon() + ", priority " + main.getPriority());

        ThreadGroup workers = new ThreadGroup("workers");
        ThreadGroup sub = new ThreadGroup(workers, "sub");
        System.out.println(workers + " parent " + workers.getParent().getName() + ", " + sub
                + " parent " + sub.getParent().getName() + ", parentOf " + workers.parentOf(sub)
                + " " + sub.parentOf(workers) + " " + mainGroup.parentOf(sub));
        workers.setMaxPriority(7);
        System.out.println("lowered: " + workers.getMaxPriority() + " " + sub.getMaxPriority());
        sub.setMaxPriority(9);
        workers.setMaxPriority(42);
        System.out.println("capped by the parent: " + sub.getMaxPriority() + ", out of range ignored: "
                + workers.getMaxPriority());
        System.out.println("groups under main: " + mainGroup.activeGroupCount());

        main.setPriority(9);
        Thread inWorkers = new Thread(workers, Main::await, "in workers");
        Thread inSub = new Thread(sub, Main::await);
        Thread inMain = new Thread(Main::await, "in main");
        for (Thread t : new Thread[] {inWorkers, inSub, inMain}) {
            System.out.println(t + " priority " + t.getPriority() + " daemon " + t.isDaemon());
        }
        inMain.setPriority(10);
        inWorkers.setPriority(10);
        System.out.println("set to 10: " + inMain.getPriority() + " " + inWorkers.getPriority());
        try {
            inMain.setPriority(11);
        } catch (IllegalArgumentException e) {
            System.out.println("priority 11: IllegalArgumentException");
        }
        main.setPriority(Thread.NORM_PRIORITY);

        System.out.println("active before start: " + workers.activeCount() + " " + Thread.activeCount());
        inWorkers.start();
        inSub.start();
        inMain.start();
        System.out.println("active while waiting: workers " + workers.activeCount() + ", sub "
                + sub.activeCount() + ", main " + Thread.activeCount());
        synchronized (gate) {
            open = true;
            gate.notifyAll();
        }
        inWorkers.join();
        inSub.join();
        inMain.join();
        System.out.println("active after join: " + workers.activeCount() + " " + Thread.activeCount());
        System.out.println("ended: " + inWorkers + " group " + inWorkers.getThreadGroup()
                + " priority " + inWorkers.getPriority());

        String[] seen = new String[1];
        Thread daemon = new Thread(() -> {
            Thread child = new Thread(() -> { });
            seen[0] = "child of a daemon: daemon " + child.isDaemon() + ", "
                    + Thread.currentThread().getThreadGroup().getName();
            awaitRelease();
        });
        daemon.setDaemon(true);
        System.out.println("daemon before start " + daemon.isDaemon());
        daemon.start();
        try {
            daemon.setDaemon(false);
        } catch (IllegalThreadStateException e) {
            System.out.println("setDaemon while alive: IllegalThreadStateException");
        }
        synchronized (gate) {
            release = true;
            gate.notifyAll();
        }
        daemon.join();
        System.out.println(seen[0]);
        daemon.setDaemon(false);
        System.out.println("after it ended: daemon " + daemon.isDaemon());
    }
}
