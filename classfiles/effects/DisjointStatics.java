/** Deterministic: two threads write different statics; main reads both after joining. */
public class DisjointStatics {
    static int left, right;

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> left = 20);
        Thread b = new Thread(() -> right = 22);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("sum " + (left + right));
    }
}
