import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

// Message passing: the writer sets plain data, then the flag with
// FLAG.setOpaque; the reader reads the flag with FLAG.getOpaque and, if it is
// set, the data. Opaque accesses are atomic and coherent but order nothing else: the data accesses race.
public class OpaqueHandoff {
    int data;
    int flag;

    static final VarHandle FLAG;

    static {
        try {
            FLAG = MethodHandles.lookup().findVarHandle(OpaqueHandoff.class, "flag", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            OpaqueHandoff p = new OpaqueHandoff();
            Thread writer = new Thread(() -> {
                p.data = 42;
                FLAG.setOpaque(p, 1);
            });
            Thread reader = new Thread(() -> {
                if ((int) FLAG.getOpaque(p) == 1 && p.data != 42) {
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
