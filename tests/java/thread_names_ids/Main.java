// Thread names and ids as the JDK's constructors give them: only threads made
// without a name take a "Thread-N" number (named ones, subclasses with a name,
// threads never started count as the JDK counts them); every thread made
// takes the next id, named or not, started or not; ids stay after the thread
// ends. HotSpot's own threads take ids before main runs (how many depends on
// the JVM's flags), so the ids are printed relative to the first one made.
public class Main {
    static class Worker extends Thread {
        Worker() {
        }

        Worker(String name) {
            super(name);
        }
    }

    public static void main(String[] args) throws Exception {
        Thread main = Thread.currentThread();
        System.out.println(main.getName() + " id " + main.getId() + " " + main);
        Thread a = new Thread(() -> { });
        Thread b = new Thread("named");
        Thread c = new Thread(() -> { }, "runnable named");
        Thread d = new Worker();
        Thread e = new Worker("worker named");
        Thread f = new Thread(null, () -> { }, "group named", 1 << 20);
        Thread g = new Thread((ThreadGroup) null, () -> { });
        Thread h = new Thread();
        Thread[] all = {a, b, c, d, e, f, g, h};
        long first = a.getId();
        System.out.println("first id after main's: " + (first > main.getId()));
        for (Thread t : all) {
            System.out.println(t.getName() + " +" + (t.getId() - first) + " " + t);
        }
        a.setName("renamed");
        System.out.println(a.getName() + " " + a + " same string: " + (b.getName() == b.getName()));
        try {
            new Thread((String) null);
        } catch (NullPointerException x) {
            System.out.println("null name: " + x.getMessage());
        }
        Thread after = new Thread(() -> { });
        System.out.println(after.getName() + " +" + (after.getId() - first));
        String[] inside = new String[2];
        Thread runner = new Thread(() -> {
            Thread me = Thread.currentThread();
            inside[0] = me.getName() + " +" + (me.getId() - first);
            inside[1] = new Thread(() -> { }).getName();
        });
        runner.start();
        runner.join();
        System.out.println(inside[0] + " made " + inside[1]);
        System.out.println(runner.getName() + " +" + (runner.getId() - first) + " after it ended, "
                + runner);
        long[] ids = new long[4];
        Thread[] racing = new Thread[4];
        for (int i = 0; i < racing.length; i++) {
            final int k = i;
            racing[i] = new Thread(() -> ids[k] = Thread.currentThread().getId());
        }
        for (Thread t : racing) {
            t.start();
        }
        for (Thread t : racing) {
            t.join();
        }
        for (int i = 0; i < racing.length; i++) {
            System.out.println(racing[i].getName() + " saw itself as +" + (ids[i] - first)
                    + ": " + (ids[i] == racing[i].getId()));
        }
    }
}
