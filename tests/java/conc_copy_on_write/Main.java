import java.util.*;
import java.util.concurrent.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        List<String> xs = new CopyOnWriteArrayList<>(List.of("a", "b"));
        Thread t = new Thread(() -> { for (int i = 0; i < 5; i++) xs.add("t" + i); });
        t.start();
        for (String s : xs) if (s.equals("a")) xs.add("main");
        t.join();
        System.out.println(xs.size() + " " + xs.contains("main") + " " + xs.indexOf("t4") + " " + new TreeSet<>(xs));
        ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>(List.of(3, 1));
        q.offer(2);
        System.out.println(q + " " + q.poll() + " " + q.peek());
    }
}
