import java.util.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        List<Integer> xs = Collections.synchronizedList(new ArrayList<>());
        Thread a = new Thread(() -> { for (int i = 0; i < 30; i++) xs.add(i); });
        Thread b = new Thread(() -> { for (int i = 0; i < 30; i++) xs.add(100 + i); });
        a.start(); b.start(); a.join(); b.join();
        int sum = 0;
        synchronized (xs) { for (int x : xs) sum += x; }
        System.out.println(xs.size() + " " + sum);
    }
}
