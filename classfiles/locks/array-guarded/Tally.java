// The twin of array-race: every access of a[0] holds the array's lock.
public class Tally {
    public static void main(String[] args) throws InterruptedException {
        int[] a = new int[2];
        Thread t = new Thread(() -> {
            synchronized (a) {
                a[0] = 1;
            }
        });
        t.start();
        synchronized (a) {
            a[0] = 2;
        }
        t.join();
        synchronized (a) {
            System.out.println(a[0]);
        }
    }
}
