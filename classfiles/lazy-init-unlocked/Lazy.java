// NEGATIVE TWIN of classfiles/lazy-init: the check is not repeated under a
// lock, so two threads can both see null and both create the instance.
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
            s = new Singleton();
            instance = s;
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
