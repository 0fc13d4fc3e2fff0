// Exercises operand-stack instructions javac emits for compound/chained assignments: dup, dup_x1, dup_x2, dup2, dup2_x1, dup2_x2, pop, pop2.
public class Main {
    int f;
    long lf;
    double df;
    static long slf;
    static int sf;

    static long sideEffect;
    static long nextLong() { return ++sideEffect; }
    static double nextDouble() { sideEffect += 10; return sideEffect; }

    public static void main(String[] args) {
        Main m = new Main();
        int[] ia = new int[3];
        long[] la = new long[3];
        double[] da = new double[3];
        int a = m.f++;          // dup_x1
        int b = ++m.f;
        long c = m.lf++;        // dup2_x1
        long d = ++m.lf;
        double e = m.df += 1.5; // dup2_x1
        System.out.println(a + " " + b + " " + c + " " + d + " " + e + " " + m.f + " " + m.lf + " " + m.df);
        int g = ia[1]++;        // dup2 (array ref + index), then dup_x2
        int h = ++ia[1];
        long i = la[2]++;       // dup2_x2
        long j = la[2] += 100;
        double k = da[0]--;     // dup2_x2
        double l = da[0] *= 3;
        System.out.println(g + " " + h + " " + i + " " + j + " " + k + " " + l + " " + ia[1] + " " + la[2] + " " + da[0]);
        long s1 = slf++;
        long s2 = slf += 5;
        int s3 = sf--;
        int s4 = sf -= 7;
        System.out.println(s1 + " " + s2 + " " + s3 + " " + s4 + " " + slf + " " + sf);
        int x, y, z;
        x = y = z = 7;
        long p, q;
        p = q = 1L << 35;
        double r, t;
        r = t = -2.5;
        System.out.println(x + y + z + " " + (p + q) + " " + (r + t));
        m.lf = la[0] = slf = 99L;
        m.df = da[1] = 0.25;
        ia[0] = m.f = sf = -4;
        System.out.println(m.lf + " " + la[0] + " " + slf + " " + m.df + " " + da[1] + " " + ia[0] + " " + m.f + " " + sf);
        nextLong();            // pop2 of discarded long
        nextDouble();          // pop2 of discarded double
        Integer.toString(5);   // pop
        System.out.println("side effect " + sideEffect);
        long[][] grid = new long[2][2];
        long old = grid[1][0]++;
        grid[1][0] <<= 3;
        System.out.println(old + " " + grid[1][0]);
        char[] cs = {'a'};
        char prev = cs[0]++;
        System.out.println(prev + " " + cs[0]);
        byte[] bs = {127};
        bs[0]++;
        short[] ss = {-32768};
        ss[0]--;
        System.out.println(bs[0] + " " + ss[0]);
        int idx = 0;
        int[] arr = {10, 20, 30};
        arr[idx++] += arr[idx] * 2;
        System.out.println(idx + " " + arr[0] + " " + arr[1]);
        long acc = 0;
        for (int n = 0; n < 1000; n++) acc += la[n % 3]++ + (m.lf++ & 7);
        System.out.println("acc " + acc + " " + la[0] + " " + la[1] + " " + la[2] + " " + m.lf);
    }
}
