// The wronglock family (SCTBench's wronglock_bad, as its Java translation
// writes it): one thread increments a volatile counter under one
// ReentrantLock and checks that nobody else changed it meanwhile; N others
// increment it under another lock, so the lock protects nothing against
// them. No data race (the counter is volatile): the bug is an atomicity
// violation among the volatile accesses. Used by benches/pos-families.sh.
import java.util.concurrent.locks.ReentrantLock;

public class Main {
    static volatile int value = 0;
    static final ReentrantLock checkerLock = new ReentrantLock();
    static final ReentrantLock othersLock = new ReentrantLock();

    static void checkedIncrement() {
        checkerLock.lock();
        try {
            int before = value;
            value++;
            if (value != before + 1) {
                throw new AssertionError("value changed under the lock: " + before + " -> " + value);
            }
        } finally {
            checkerLock.unlock();
        }
    }

    static void increment() {
        othersLock.lock();
        try {
            value++;
        } finally {
            othersLock.unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        Thread checker = new Thread(Main::checkedIncrement);
        checker.start();
        Thread[] others = new Thread[n];
        for (int i = 0; i < n; i++) {
            others[i] = new Thread(Main::increment);
            others[i].start();
        }
        checker.join();
        for (Thread t : others) {
            t.join();
        }
        System.out.println("value = " + value);
    }
}
