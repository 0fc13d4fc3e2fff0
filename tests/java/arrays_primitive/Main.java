// Exercises newarray/anewarray for every element type, default values, xaload/xastore truncation, arraylength, array init.
public class Main {
    public static void main(String[] args) {
        boolean[] z = new boolean[3];
        byte[] b = new byte[3];
        char[] c = new char[3];
        short[] s = new short[3];
        int[] i = new int[3];
        long[] l = new long[3];
        float[] f = new float[3];
        double[] d = new double[3];
        String[] str = new String[3];
        Object[] o = new Object[2];
        System.out.println(z[0] + " " + b[1] + " " + (int) c[2] + " " + s[0] + " " + i[1] + " " + l[2] + " " + f[0] + " " + d[1] + " " + str[2] + " " + o[0]);
        System.out.println(z.length + b.length + c.length + s.length + i.length + l.length + f.length + d.length + str.length + o.length);
        z[1] = true;
        b[0] = (byte) 200;
        b[1] = -128;
        c[0] = 'Z';
        c[1] = (char) 70000;
        s[0] = (short) 40000;
        i[0] = -5;
        l[0] = 1L << 50;
        f[0] = 2.5f;
        d[0] = -1e100;
        str[0] = "hello";
        o[0] = str;
        o[1] = i;
        System.out.println(z[1] + " " + b[0] + " " + b[1] + " " + c[0] + " " + (int) c[1] + " " + s[0] + " " + i[0] + " " + l[0] + " " + f[0] + " " + d[0] + " " + str[0]);
        System.out.println(((String[]) o[0])[0] + " " + ((int[]) o[1])[0]);
        b[2] = b[0];
        b[2] += 100;
        System.out.println(b[2]);
        c[2] = 'a';
        c[2]++;
        c[2] += 2;
        System.out.println(c[2]);
        s[1] = 32767;
        s[1]++;
        System.out.println(s[1]);
        l[1] = l[0]++;
        l[2] += l[1] * 3;
        System.out.println(l[0] + " " + l[1] + " " + l[2]);
        d[1] = d[2] = 0.5;
        d[2] /= 4;
        System.out.println(d[1] + " " + d[2]);
        int[] init = {5, 4, 3, 2, 1};
        long[] linit = {1L, -2L, 3L};
        char[] cinit = {'j', 'v', 'm'};
        String[] sinit = {"a", null, "c"};
        boolean[] binit = {true, false, true};
        System.out.println(init[4] + " " + linit[1] + " " + cinit[1] + " " + sinit[1] + " " + binit[2]);
        System.out.println(cinit);
        int[] zero = new int[0];
        System.out.println(zero.length);
        // sieve
        boolean[] composite = new boolean[1000];
        int primes = 0;
        for (int n = 2; n < 1000; n++) {
            if (!composite[n]) {
                primes++;
                for (int m = n * n; m < 1000; m += n) composite[m] = true;
            }
        }
        System.out.println("primes below 1000: " + primes);
        // insertion sort
        int[] arr = new int[50];
        int seed = 12345;
        for (int k = 0; k < arr.length; k++) {
            seed = seed * 1103515245 + 12345;
            arr[k] = (seed >>> 16) % 1000;
        }
        for (int a = 1; a < arr.length; a++) {
            int key = arr[a];
            int j = a - 1;
            while (j >= 0 && arr[j] > key) { arr[j + 1] = arr[j]; j--; }
            arr[j + 1] = key;
        }
        StringBuilder sb = new StringBuilder();
        for (int v : arr) sb.append(v).append(',');
        System.out.println(sb);
        int[] copy = new int[arr.length];
        for (int k = 0; k < arr.length; k++) copy[k] = arr[k];
        copy[0] = -1;
        System.out.println(arr[0] + " " + copy[0] + " " + copy.length + " " + (copy != arr));
    }
}
