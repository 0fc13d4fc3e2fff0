import java.util.ArrayList;
import java.util.List;

/** Nondeterministic but intended: two threads append to one list under one lock. */
public class LockedLog {
    static final List<String> log = new ArrayList<>();

    static class Writer extends Thread {
        final String name;

        Writer(String name) {
            this.name = name;
        }

        public void run() {
            synchronized (log) {
                log.add(name);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Writer a = new Writer("a");
        Writer b = new Writer("b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(log);
    }
}
