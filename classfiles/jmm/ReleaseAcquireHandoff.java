import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

// Message passing: the writer sets plain data, then the flag with
// FLAG.setRelease; the reader reads the flag with FLAG.getAcquire and, if it is
// set, the data. The release write synchronizes with the acquire read that sees it: no race.
public class ReleaseAcquireHandoff {
    int data;
    int flag;

    static final VarHandle FLAG;

    static {
        try {
            FLAG = MethodHandles.lookup().findVarHandle(ReleaseAcquireHandoff.class, "flag", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        for (int i = 0; i < rounds; i++) {
            ReleaseAcquireHandoff p = new ReleaseAcquireHandoff();
            Thread writer = new Thread(() -> {
                p.data = 42;
                FLAG.setRelease(p, 1);
            });
            Thread reader = new Thread(() -> {
                if ((int) FLAG.getAcquire(p) == 1 && p.data != 42) {
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
