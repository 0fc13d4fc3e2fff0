// A race ordered only by Thread.sleep: sleeping creates no happens-before,
// so main's read may see the write or not. Where it does not, main throws;
// the search that confirms the race goes on past that failure.
public class Flag {
    static int value;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> value = 42);
        writer.start();
        Thread.sleep(100);
        int v = value;
        if (v != 42) {
            throw new IllegalStateException("saw " + v);
        }
        writer.join();
    }
}
