// InheritableThreadLocal: a thread's constructor copies its creator's values
// (through childValue, run by the creator), later changes on either side stay
// apart, a plain ThreadLocal is not inherited, grandchildren inherit from
// their own creator, and the constructor that takes inheritThreadLocals=false
// copies nothing.
public class Main {
    static final InheritableThreadLocal<String> NAME = new InheritableThreadLocal<>();
    static final InheritableThreadLocal<StringBuilder> PATH = new InheritableThreadLocal<>() {
        protected StringBuilder childValue(StringBuilder parent) {
            calls.append("childValue in " + Thread.currentThread().getName() + ";");
            return new StringBuilder(parent).append("/child");
        }
    };
    static final InheritableThreadLocal<Integer> UNSET = new InheritableThreadLocal<>();
    static final ThreadLocal<String> PLAIN = new ThreadLocal<>();
    static final StringBuilder calls = new StringBuilder();
    static final String[] seen = new String[8];

    public static void main(String[] args) throws Exception {
        Thread early = new Thread(() -> seen[0] = NAME.get() + " " + PATH.get());
        NAME.set("parent");
        PATH.set(new StringBuilder("root"));
        PLAIN.set("plain");
        Thread child = new Thread(() -> {
            seen[1] = NAME.get() + " " + PATH.get() + " " + UNSET.get() + " " + PLAIN.get();
            NAME.set("changed by child");
            Thread grandchild = new Thread(() -> seen[2] = NAME.get() + " " + PATH.get());
            grandchild.start();
            try {
                grandchild.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }, "child");
        NAME.set("changed after the child was made");
        early.start();
        child.start();
        early.join();
        child.join();
        Thread none = new Thread(null, () -> seen[3] = NAME.get() + " " + PATH.get(), "none", 0, false);
        Thread some = new Thread(null, () -> seen[4] = NAME.get(), "some", 0, true);
        none.start();
        some.start();
        none.join();
        some.join();
        NAME.remove();
        Thread removed = new Thread(() -> seen[5] = NAME.get());
        removed.start();
        removed.join();
        for (int i = 0; i < 6; i++) {
            System.out.println(i + ": " + seen[i]);
        }
        System.out.println("main: " + NAME.get() + " " + PATH.get());
        System.out.println(calls);
    }
}
