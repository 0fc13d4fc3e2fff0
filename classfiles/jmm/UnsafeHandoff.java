import jdk.internal.misc.Unsafe;

// Message passing through Unsafe: putIntRelease and getIntAcquire (JDK
// methods over Unsafe's volatile natives) hand the plain data over: no
// race. Built with --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
// (javac-flags).
public class UnsafeHandoff {
    static final Unsafe U = Unsafe.getUnsafe();
    static final long FLAG = U.objectFieldOffset(UnsafeHandoff.class, "flag");

    int data;
    int flag;

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            UnsafeHandoff p = new UnsafeHandoff();
            Thread writer = new Thread(() -> {
                p.data = 42;
                U.putIntRelease(p, FLAG, 1);
            });
            Thread reader = new Thread(() -> {
                if (U.getIntAcquire(p, FLAG) == 1 && p.data != 42) {
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
