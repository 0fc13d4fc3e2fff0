import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
public class Main {
    public static void main(String[] args) throws Exception {
        AtomicInteger rounds = new AtomicInteger();
        CyclicBarrier barrier = new CyclicBarrier(3, rounds::incrementAndGet);
        int[] sums = new int[3];
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                try {
                    for (int r = 0; r < 2; r++) { sums[id] += id + r; barrier.await(); }
                } catch (InterruptedException | BrokenBarrierException e) { System.out.println("broken"); }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(rounds.get() + " " + (sums[0] + sums[1] + sums[2]) + " " + barrier.getParties() + " " + barrier.isBroken());
    }
}
