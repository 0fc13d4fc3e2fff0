import java.util.concurrent.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1), done = new CountDownLatch(3);
        int[] results = new int[3];
        for (int i = 0; i < 3; i++) {
            final int id = i;
            new Thread(() -> {
                try { start.await(); } catch (InterruptedException e) { return; }
                results[id] = (id + 1) * 10;
                done.countDown();
            }).start();
        }
        System.out.println("count " + done.getCount());
        start.countDown();
        done.await();
        System.out.println(results[0] + results[1] + results[2] + " " + done.getCount());
    }
}
