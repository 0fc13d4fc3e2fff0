import java.util.*;
import java.util.concurrent.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, Integer> m = new ConcurrentHashMap<>();
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 20; k++) m.merge("k" + (k % 5), 1, Integer::sum);
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(new TreeMap<>(m) + " " + m.size() + " " + m.getOrDefault("zz", -1));
        m.computeIfAbsent("new", k -> 42);
        m.putIfAbsent("k0", 0);
        System.out.println(m.get("new") + " " + m.get("k0") + " " + m.containsKey("k4"));
    }
}
