import java.util.*;
import java.util.concurrent.locks.*;
public class Main {
    static final ReadWriteLock rw = new ReentrantReadWriteLock();
    static final Map<String, Integer> data = new HashMap<>();
    static int read(String k) { rw.readLock().lock(); try { return data.getOrDefault(k, 0); } finally { rw.readLock().unlock(); } }
    static void write(String k, int v) { rw.writeLock().lock(); try { data.put(k, v); } finally { rw.writeLock().unlock(); } }
    public static void main(String[] args) throws InterruptedException {
        Thread w = new Thread(() -> { for (int i = 0; i < 10; i++) write("k", read("k") + 1); });
        Thread r = new Thread(() -> { int last = 0; for (int i = 0; i < 10; i++) { int v = read("k"); if (v < last) System.out.println("went back"); last = v; } });
        w.start(); r.start(); w.join(); r.join();
        System.out.println(read("k") + " " + ((ReentrantReadWriteLock) rw).isWriteLocked());
    }
}
