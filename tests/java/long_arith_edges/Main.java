// Exercises long arithmetic: overflow, ldiv/lrem by zero, MIN_VALUE/-1, lneg, lcmp, mixed int/long.
public class Main {
    static long div(long a, long b) { return a / b; }
    static long rem(long a, long b) { return a % b; }

    public static void main(String[] args) {
        long max = Long.MAX_VALUE;
        long min = Long.MIN_VALUE;
        System.out.println(max + 1);
        System.out.println(min - 1);
        System.out.println(max * 3);
        System.out.println(-min);
        System.out.println(div(min, -1));
        System.out.println(rem(min, -1));
        long[] as = {7L, -7L, 7L, -7L, 1000000000000L, min, max, -1L};
        long[] bs = {2L, 2L, -2L, -2L, 7L, 3L, -10L, 5L};
        for (int i = 0; i < as.length; i++) {
            System.out.println(as[i] + " / " + bs[i] + " = " + div(as[i], bs[i]) + " rem " + rem(as[i], bs[i]));
        }
        try {
            div(1L, 0L);
            System.out.println("no exception?");
        } catch (ArithmeticException e) {
            System.out.println("ldiv: " + e.getMessage());
        }
        try {
            rem(1L, 0L);
        } catch (ArithmeticException e) {
            System.out.println("lrem: " + e);
        }
        int i = Integer.MAX_VALUE;
        long l = i + 1;
        long l2 = i + 1L;
        System.out.println(l + " " + l2);
        long big = 1L << 40;
        int trunc = (int) (big + 12345);
        System.out.println(trunc);
        System.out.println((int) 0x1_8000_0000L);
        long fact = 1;
        for (int k = 1; k <= 25; k++) {
            fact *= k;
            System.out.println(k + "! = " + fact);
        }
        long a = 5, b = 7;
        System.out.println((a < b) + " " + (a > b) + " " + (a == b) + " " + (a != b) + " " + (a <= 5) + " " + (b >= 8));
        System.out.println((min < max) + " " + (max > min) + " " + (min == min - 0L));
        long x = 0xFFFFFFFFL;
        System.out.println(x);
        System.out.println(x * x);
        long h = 0;
        for (int k = 0; k < 500; k++) {
            h = h * 1000003L ^ k;
        }
        System.out.println("hash " + h);
        long m = 10;
        m += 5;
        m -= 20;
        m *= -3;
        m /= 4;
        m %= 3;
        System.out.println(m);
    }
}
