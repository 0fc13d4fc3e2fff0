import jdk.internal.misc.Unsafe;

// Message passing through Unsafe: putIntOpaque and getIntOpaque (JDK
// methods over Unsafe's volatile natives) order nothing: the data
// accesses race. Built with --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
// (javac-flags).
public class UnsafeOpaqueHandoff {
    static final Unsafe U = Unsafe.getUnsafe();
    static final long FLAG = U.objectFieldOffset(UnsafeOpaqueHandoff.class, "flag");

    int data;
    int flag;

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            UnsafeOpaqueHandoff p = new UnsafeOpaqueHandoff();
            Thread writer = new Thread(() -> {
                p.data = 42;
                U.putIntOpaque(p, FLAG, 1);
            });
            Thread reader = new Thread(() -> {
                if (U.getIntOpaque(p, FLAG) == 1 && p.data != 42) {
                    throw new AssertionError("flag set, data " + p.data);
                }
            });
            writer.start();
            reader.start();
            writer.join();
            reader.join();
        }
    }
}
