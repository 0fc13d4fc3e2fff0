// Arrays the JVM cannot allocate throw OutOfMemoryError (m5 once aborted).
public class Main {
    public static void main(String[] args) {
        int[] ns = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 2};
        for (int n : ns) {
            try {
                long[] a = new long[n];
                System.out.println("long " + n + " allocated " + a.length);
            } catch (OutOfMemoryError e) {
                System.out.println("long " + n + ": " + e);
            }
        }
        try {
            int[][] a = new int[3][Integer.MAX_VALUE];
            System.out.println(a.length);
        } catch (OutOfMemoryError e) {
            System.out.println("int[3][MAX]: " + e);
        }
        long[] ok = new long[1000];
        System.out.println("small arrays still work: " + ok.length);
    }
}
