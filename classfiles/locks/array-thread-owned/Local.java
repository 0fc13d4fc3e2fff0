// Each thread allocates its own arrays and hands them only to its own
// calls (a helper, new String(char[])): no array is thread-shared.
public class Local {
    static void fill(int[] a) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            int[] a = new int[3];
            fill(a);
            a[0]++;
            String s = new String(new char[] {'x', 'y'});
            System.out.println(a[0] + s);
        });
        t.start();
        int[] m = new int[3];
        fill(m);
        t.join();
        System.out.println(m[0]);
    }
}
