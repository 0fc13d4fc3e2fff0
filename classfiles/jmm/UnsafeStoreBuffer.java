import jdk.internal.misc.Unsafe;

// Store buffering through Unsafe's plain accesses (getInt/putInt): as
// PlainStoreBuffer, the accesses race. Built with
// --add-exports java.base/jdk.internal.misc=ALL-UNNAMED (javac-flags).
public class UnsafeStoreBuffer {
    static final Unsafe U = Unsafe.getUnsafe();
    static final long X = U.objectFieldOffset(UnsafeStoreBuffer.class, "x");
    static final long Y = U.objectFieldOffset(UnsafeStoreBuffer.class, "y");

    int x;
    int y;
    int r1;
    int r2;

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            UnsafeStoreBuffer p = new UnsafeStoreBuffer();
            Thread a = new Thread(() -> {
                U.putInt(p, X, 1);
                p.r1 = U.getInt(p, Y);
            });
            Thread b = new Thread(() -> {
                U.putInt(p, Y, 1);
                p.r2 = U.getInt(p, X);
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
