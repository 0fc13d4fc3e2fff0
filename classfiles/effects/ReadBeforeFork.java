/** Deterministic: main reads and prints before it forks the thread that writes (the seed's flow sensitivity). */
public class ReadBeforeFork {
    static int value = 7;

    public static void main(String[] args) throws InterruptedException {
        System.out.println("before " + value);
        Thread t = new Thread(() -> value = 8);
        t.start();
        t.join();
        System.out.println("after " + value);
    }
}
