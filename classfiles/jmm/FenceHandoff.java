import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

// Message passing with fences: the writer sets plain data, a release
// fence, then the flag with setOpaque; the reader reads the flag with
// getOpaque and, if it is set, an acquire fence, then the data. The fences
// order the data accesses: no race.
public class FenceHandoff {
    int data;
    int flag;

    static final VarHandle FLAG;

    static {
        try {
            FLAG = MethodHandles.lookup().findVarHandle(FenceHandoff.class, "flag", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        FenceHandoff p = new FenceHandoff();
        Thread writer = new Thread(() -> {
            p.data = 42;
            VarHandle.releaseFence();
            FLAG.setOpaque(p, 1);
        });
        Thread reader = new Thread(() -> {
            if ((int) FLAG.getOpaque(p) == 1) {
                VarHandle.acquireFence();
                if (p.data != 42) {
                    throw new AssertionError("flag set, data " + p.data);
                }
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
