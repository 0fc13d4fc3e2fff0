// Correct double-checked lazy initialization on a volatile field: three
// threads ask for the instance, and it is created exactly once.
// proofs/lazy-init-weak.proof claims "created at most once" with no facts
// about the threads: true, but not inductive.
class Singleton {
    static int created;

    Singleton() {
        created++;
    }
}

class Getter extends Thread {
    public void run() {
        Lazy.get();
    }
}

public class Lazy {
    static volatile Singleton instance;

    static Singleton get() {
        Singleton s = instance;
        if (s == null) {
            synchronized (Lazy.class) {
                s = instance;
                if (s == null) {
                    s = new Singleton();
                    instance = s;
                }
            }
        }
        return s;
    }

    public static void main(String[] args) {
        Getter g1 = new Getter();
        Getter g2 = new Getter();
        g1.start();
        g2.start();
        get();
    }
}
