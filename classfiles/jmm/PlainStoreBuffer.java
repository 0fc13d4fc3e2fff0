import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

// Store buffering through VarHandle plain accesses (get/set have the
// memory effects of ordinary field accesses): each thread writes one field,
// then reads the other. No interleaving gives r1 == r2 == 0, but HotSpot
// may (the writes wait in store buffers); the accesses race, which is what
// m5 reports. The argument is the number of rounds (1 by default).
public class PlainStoreBuffer {
    int x;
    int y;
    int r1;
    int r2;

    static final VarHandle X;
    static final VarHandle Y;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            X = l.findVarHandle(PlainStoreBuffer.class, "x", int.class);
            Y = l.findVarHandle(PlainStoreBuffer.class, "y", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            PlainStoreBuffer p = new PlainStoreBuffer();
            Thread a = new Thread(() -> {
                X.set(p, 1);
                p.r1 = (int) Y.get(p);
            });
            Thread b = new Thread(() -> {
                Y.set(p, 1);
                p.r2 = (int) X.get(p);
            });
            a.start();
            b.start();
            a.join();
            b.join();
            if (p.r1 == 0 && p.r2 == 0) {
                throw new AssertionError("both threads read 0 in round " + i);
            }
        }
    }
}
