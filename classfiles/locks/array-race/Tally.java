// Two threads write a[0] of one shared array with no lock in common.
public class Tally {
    public static void main(String[] args) throws InterruptedException {
        int[] a = new int[2];
        Thread t = new Thread(() -> a[0] = 1);
        t.start();
        a[0] = 2;
        t.join();
        System.out.println(a[0]);
    }
}
