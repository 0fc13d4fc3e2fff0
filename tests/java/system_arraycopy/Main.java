// Exercises System.arraycopy: all primitive types, object arrays, overlapping forward/backward copies, bounds failures.
public class Main {
    static String str(int[] a) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < a.length; i++) { if (i > 0) sb.append(','); sb.append(a[i]); }
        return sb.append(']').toString();
    }

    static int[] copyOf(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) r[i] = a[i];
        return r;
    }

    public static void main(String[] args) {
        int[] a = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        int[] b = new int[10];
        System.arraycopy(a, 0, b, 0, 10);
        System.out.println(str(b));
        System.arraycopy(a, 2, b, 5, 5);
        System.out.println(str(b));
        int[] o1 = copyOf(a);
        System.arraycopy(o1, 0, o1, 3, 7);
        System.out.println("overlap fwd " + str(o1));
        int[] o2 = copyOf(a);
        System.arraycopy(o2, 3, o2, 0, 7);
        System.out.println("overlap back " + str(o2));
        System.arraycopy(a, 10, b, 0, 0);
        System.arraycopy(a, 0, b, 10, 0);
        System.out.println("zero-length ok");
        char[] cs = "hello world".toCharArray();
        char[] dst = new char[5];
        System.arraycopy(cs, 6, dst, 0, 5);
        System.out.println(dst);
        long[] ls = {1L << 40, 2, 3};
        long[] ld = new long[4];
        System.arraycopy(ls, 0, ld, 1, 3);
        System.out.println(ld[0] + " " + ld[1] + " " + ld[3]);
        double[] ds = {0.5, -0.0, 1e300};
        double[] dd = new double[3];
        System.arraycopy(ds, 0, dd, 0, 3);
        System.out.println(dd[0] + " " + dd[1] + " " + dd[2]);
        byte[] bs = {1, 2, 3, -4};
        byte[] bd = new byte[4];
        System.arraycopy(bs, 1, bd, 0, 3);
        System.out.println(bd[0] + " " + bd[2] + " " + bd[3]);
        boolean[] zs = {true, false, true};
        boolean[] zd = new boolean[3];
        System.arraycopy(zs, 0, zd, 0, 3);
        System.out.println(zd[0] + " " + zd[1] + " " + zd[2]);
        short[] ss = {-1, 300};
        short[] sd = new short[2];
        System.arraycopy(ss, 0, sd, 0, 2);
        float[] fs = {1.5f, 2.5f};
        float[] fd = new float[2];
        System.arraycopy(fs, 0, fd, 0, 2);
        System.out.println(sd[0] + " " + sd[1] + " " + fd[0] + " " + fd[1]);
        String[] strs = {"x", "y", "z"};
        Object[] objs = new Object[4];
        System.arraycopy(strs, 0, objs, 1, 3);
        System.out.println(objs[0] + " " + objs[1] + " " + objs[3]);
        strs[0] = "changed";
        System.out.println(objs[1]);
        int[][] rows = {{1}, {2}};
        int[][] rows2 = new int[2][];
        System.arraycopy(rows, 0, rows2, 0, 2);
        rows2[0][0] = 99;
        System.out.println("shallow " + rows[0][0]);
        int[][] bad = {{-1, 11, 5}, {0, -1, 5}, {0, 0, -1}, {6, 0, 5}, {0, 6, 5}, {5, 5, 6}};
        for (int[] t : bad) {
            try {
                System.arraycopy(a, t[0], b, t[1], t[2]);
                System.out.println("no exception for " + t[0] + "," + t[1] + "," + t[2]);
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("AIOOBE for " + t[0] + "," + t[1] + "," + t[2]);
            }
        }
        System.out.println("b unchanged after failures " + str(b));
        try {
            System.arraycopy(null, 0, b, 0, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE src");
        }
        try {
            System.arraycopy(a, 0, null, 0, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE dst");
        }
        int[] big = new int[1000];
        for (int i = 0; i < big.length; i++) big[i] = i;
        for (int r = 0; r < 100; r++) System.arraycopy(big, 1, big, 0, 999);
        System.out.println(big[0] + " " + big[899] + " " + big[900] + " " + big[999]);
    }
}
