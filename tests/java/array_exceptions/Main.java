// Exercises array runtime exceptions: AIOOBE (messages), NegativeArraySizeException (incl. multianewarray), null array access.
public class Main {
    static int get(int[] a, int i) { return a[i]; }

    public static void main(String[] args) {
        int[] a = new int[3];
        int[] idx = {-1, 3, 5, Integer.MIN_VALUE, 2};
        for (int i : idx) {
            try {
                System.out.println("got " + get(a, i));
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("AIOOBE: " + e.getMessage());
            }
        }
        try {
            long[] l = new long[2];
            l[2] = 5;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println(e);
        }
        try {
            String[] s = new String[0];
            System.out.println(s[0]);
        } catch (RuntimeException e) {
            System.out.println(e);
        }
        try {
            char[] c = new char[10];
            c[10] = 'x';
        } catch (RuntimeException e) {
            System.out.println("as RuntimeException: " + e.getMessage());
        }
        int[] sizes = {-1, -100, Integer.MIN_VALUE};
        for (int n : sizes) {
            try {
                int[] x = new int[n];
                System.out.println("len " + x.length);
            } catch (NegativeArraySizeException e) {
                System.out.println("NASE: " + e.getMessage());
            }
        }
        try {
            Object[] o = new Object[-5];
        } catch (NegativeArraySizeException e) {
            System.out.println("anewarray " + e);
        }
        try {
            int[][] m = new int[2][-3];
        } catch (NegativeArraySizeException e) {
            System.out.println("multi " + e.getMessage());
        }
        try {
            int[][] m = new int[-2][3];
        } catch (NegativeArraySizeException e) {
            System.out.println("multi first " + e.getMessage());
        }
        int[] nul = null;
        try {
            System.out.println(nul.length);
        } catch (NullPointerException e) {
            System.out.println("NPE on arraylength");
        }
        try {
            nul[0] = 1;
        } catch (NullPointerException e) {
            System.out.println("NPE on iastore");
        }
        try {
            System.out.println(nul[0]);
        } catch (NullPointerException e) {
            System.out.println("NPE on iaload");
        }
        Object[][] oo = new Object[2][];
        try {
            oo[1][0] = "x";
        } catch (NullPointerException e) {
            System.out.println("NPE on inner row");
        }
        int[] counts = new int[4];
        int caught = 0;
        for (int i = 0; i < 100; i++) {
            try {
                counts[i % 6]++;
            } catch (ArrayIndexOutOfBoundsException e) {
                caught++;
            }
        }
        System.out.println(counts[0] + " " + counts[1] + " " + counts[2] + " " + counts[3] + " caught " + caught);
        int k = 0;
        try {
            int[] arr = new int[2];
            arr[k++] = k;
            arr[k++] = k;
            arr[k++] = k;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("k=" + k + " " + e.getMessage());
        }
    }
}
