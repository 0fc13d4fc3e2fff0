import java.util.concurrent.atomic.AtomicInteger;

// Message passing through an AtomicInteger: the writer sets plain data,
// then the flag with set (a volatile write) or, with the argument "lazy",
// lazySet (a release write); the reader reads the flag with get (a volatile
// read) and, if it is set, the data. Either way no race.
public class AtomicHandoff {
    int data;
    final AtomicInteger flag = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        boolean lazy = args.length > 0 && args[0].equals("lazy");
        AtomicHandoff p = new AtomicHandoff();
        Thread writer = new Thread(() -> {
            p.data = 42;
            if (lazy) {
                p.flag.lazySet(1);
            } else {
                p.flag.set(1);
            }
        });
        Thread reader = new Thread(() -> {
            if (p.flag.get() == 1 && p.data != 42) {
                throw new AssertionError("flag set, data " + p.data);
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
