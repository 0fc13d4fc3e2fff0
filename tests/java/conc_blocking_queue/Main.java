import java.util.concurrent.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<Integer> q = new ArrayBlockingQueue<>(2);
        BlockingQueue<String> out = new LinkedBlockingQueue<>();
        Thread prod = new Thread(() -> {
            try { for (int i = 1; i <= 5; i++) q.put(i); q.put(-1); } catch (InterruptedException e) {}
        });
        Thread cons = new Thread(() -> {
            try { int x; while ((x = q.take()) != -1) out.put("got" + x); } catch (InterruptedException e) {}
        });
        prod.start(); cons.start(); prod.join(); cons.join();
        System.out.println(out + " " + q.isEmpty() + " " + q.remainingCapacity() + " " + q.offer(9) + q.offer(8) + q.offer(7) + " " + q.poll());
    }
}
