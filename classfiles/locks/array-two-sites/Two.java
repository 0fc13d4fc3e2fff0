// Two arrays raced on at the same code (one helper): each warning is
// confirmed by a race on its own array, the search passing over races on
// the other.
public class Two {
    static void bump(int[] a) { a[0]++; }
    public static void main(String[] args) throws InterruptedException {
        int[] x = new int[1];
        int[] y = new int[1];
        Thread t = new Thread(() -> { bump(x); bump(y); });
        t.start();
        bump(x);
        bump(y);
        t.join();
    }
}
