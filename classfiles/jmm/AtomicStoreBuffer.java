import java.util.concurrent.atomic.AtomicInteger;

// Store buffering through AtomicInteger's plain accessors (setPlain,
// getPlain have the memory effects of ordinary field accesses): the
// accesses race, as in PlainStoreBuffer. The argument is the number of
// rounds (1 by default).
public class AtomicStoreBuffer {
    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            AtomicInteger x = new AtomicInteger();
            AtomicInteger y = new AtomicInteger();
            int[] r = new int[2];
            Thread a = new Thread(() -> {
                x.setPlain(1);
                r[0] = y.getPlain();
            });
            Thread b = new Thread(() -> {
                y.setPlain(1);
                r[1] = x.getPlain();
            });
            a.start();
            b.start();
            a.join();
            b.join();
            if (r[0] == 0 && r[1] == 0) {
                throw new AssertionError("both threads read 0 in round " + i);
            }
        }
    }
}
