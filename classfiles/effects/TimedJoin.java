/** Nondeterministic: a timed join may return while the thread still runs. */
public class TimedJoin {
    static int result;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> result = 42);
        t.start();
        t.join(1);
        System.out.println("result " + result);
    }
}
