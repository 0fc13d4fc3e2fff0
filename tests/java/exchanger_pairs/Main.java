import java.util.*;
import java.util.concurrent.*;

// Exchanger swapping buffers between a producer and a consumer (the
// JDK's documented pattern), a timed exchange that times out, and a
// CountDownLatch plus Semaphore gate around it.
public class Main {
    public static void main(String[] args) throws Exception {
        Exchanger<List<Integer>> ex = new Exchanger<>();
        List<String> consumed = new ArrayList<>();
        Thread producer = new Thread(() -> {
            List<Integer> buf = new ArrayList<>();
            try {
                for (int round = 0; round < 3; round++) {
                    for (int i = 0; i < 4; i++) buf.add(round * 10 + i);
                    buf = ex.exchange(buf);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread consumer = new Thread(() -> {
            List<Integer> buf = new ArrayList<>();
            try {
                for (int round = 0; round < 3; round++) {
                    buf = ex.exchange(buf);
                    consumed.add(round + ":" + buf);
                    buf.clear();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        consumed.forEach(System.out::println);
        Exchanger<String> lonely = new Exchanger<>();
        try {
            lonely.exchange("anyone?", 30, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            System.out.println("TimeoutException " + e.getMessage());
        }
        Exchanger<String> pair = new Exchanger<>();
        String[] got = new String[1];
        Thread other = new Thread(() -> {
            try {
                got[0] = pair.exchange("from other");
            } catch (InterruptedException e) {
                got[0] = "interrupted";
            }
        });
        other.start();
        System.out.println("main got " + pair.exchange("from main"));
        other.join();
        System.out.println("other got " + got[0]);
        Thread waiting = new Thread(() -> {
            try {
                pair.exchange("never");
                got[0] = "exchanged";
            } catch (InterruptedException e) {
                got[0] = "interrupted while waiting";
            }
        });
        waiting.start();
        waiting.interrupt();
        waiting.join();
        System.out.println(got[0]);
    }
}
