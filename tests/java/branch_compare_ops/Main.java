// Exercises every conditional branch: if_icmp*, if<cond> against zero, if_acmpeq/ne, ifnull/ifnonnull, lcmp/fcmp/dcmp, goto in loops, do/while.
public class Main {
    static String icmp(int a, int b) {
        return "" + (a == b ? 1 : 0) + (a != b ? 1 : 0) + (a < b ? 1 : 0) + (a <= b ? 1 : 0) + (a > b ? 1 : 0) + (a >= b ? 1 : 0);
    }
    static String zcmp(int a) {
        return "" + (a == 0 ? 1 : 0) + (a != 0 ? 1 : 0) + (a < 0 ? 1 : 0) + (a <= 0 ? 1 : 0) + (a > 0 ? 1 : 0) + (a >= 0 ? 1 : 0);
    }
    static String lcmp(long a, long b) {
        return "" + (a == b ? 1 : 0) + (a != b ? 1 : 0) + (a < b ? 1 : 0) + (a <= b ? 1 : 0) + (a > b ? 1 : 0) + (a >= b ? 1 : 0);
    }
    static String fcmp(float a, float b) {
        return "" + (a == b ? 1 : 0) + (a != b ? 1 : 0) + (a < b ? 1 : 0) + (a <= b ? 1 : 0) + (a > b ? 1 : 0) + (a >= b ? 1 : 0);
    }
    static String dcmp(double a, double b) {
        return "" + (a == b ? 1 : 0) + (a != b ? 1 : 0) + (a < b ? 1 : 0) + (a <= b ? 1 : 0) + (a > b ? 1 : 0) + (a >= b ? 1 : 0);
    }

    public static void main(String[] args) {
        int[] is = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE};
        for (int a : is) {
            StringBuilder sb = new StringBuilder(zcmp(a)).append(" |");
            for (int b : is) sb.append(' ').append(icmp(a, b));
            System.out.println(sb);
        }
        long[] ls = {Long.MIN_VALUE, -1L, 0L, 1L << 32, Long.MAX_VALUE};
        for (long a : ls) {
            StringBuilder sb = new StringBuilder();
            for (long b : ls) sb.append(' ').append(lcmp(a, b));
            System.out.println(sb);
        }
        float[] fs = {Float.NEGATIVE_INFINITY, -1f, -0f, 0f, Float.NaN, 1f};
        for (float a : fs) {
            StringBuilder sb = new StringBuilder();
            for (float b : fs) sb.append(' ').append(fcmp(a, b));
            System.out.println(sb);
        }
        double[] ds = {-1e300, -0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY};
        for (double a : ds) {
            StringBuilder sb = new StringBuilder();
            for (double b : ds) sb.append(' ').append(dcmp(a, b));
            System.out.println(sb);
        }
        Object x = new Object(), y = new Object(), n = null;
        Object x2 = x;
        System.out.println((x == y) + " " + (x == x2) + " " + (x != y) + " " + (n == null) + " " + (x != null) + " " + (n != null) + " " + (null == n));
        int i = 0, total = 0;
        do { total += i; i += 3; } while (i < 100);
        System.out.println("do-while " + total + " " + i);
        int w = 1000;
        while (w > 1) w = (w % 2 == 0) ? w / 2 : 3 * w + 1;
        System.out.println("collatz end " + w);
        int steps = 0;
        outer:
        for (int a = 0; a < 50; a++) {
            for (int b = 0; b < 50; b++) {
                steps++;
                if (a * b > 600) break outer;
                if (b > a) continue outer;
            }
        }
        System.out.println("steps " + steps);
        long big = 0;
        for (long l = Long.MAX_VALUE - 5; l > 0 && l <= Long.MAX_VALUE - 1; l++) big++;
        System.out.println("long loop " + big);
        boolean flag = false;
        int toggles = 0;
        for (int k = 0; k < 10; k++) { flag = !flag; if (flag) toggles++; }
        System.out.println("toggles " + toggles + " " + flag);
    }
}
