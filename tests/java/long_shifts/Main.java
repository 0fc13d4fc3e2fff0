// Exercises lshl/lshr/lushr (shift count masked to 6 bits, count is an int), land/lor/lxor and long bit tricks.
public class Main {
    static long shl(long a, int n) { return a << n; }
    static long shr(long a, int n) { return a >> n; }
    static long ushr(long a, int n) { return a >>> n; }

    public static void main(String[] args) {
        long[] vals = {1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x123456789ABCDEFL, -987654321012L};
        int[] shifts = {0, 1, 31, 32, 33, 63, 64, 65, -1, 127};
        for (long v : vals) {
            for (int n : shifts) {
                System.out.println(v + " sh " + n + ": " + shl(v, n) + " " + shr(v, n) + " " + ushr(v, n));
            }
        }
        long a = 0xF0F0F0F0F0F0F0F0L, b = 0x0FF00FF00FF00FF0L;
        System.out.println(a & b);
        System.out.println(a | b);
        System.out.println(a ^ b);
        System.out.println(~a);
        System.out.println(Long.toHexString(a & b) + " " + Long.toHexString(a | b) + " " + Long.toHexString(~b));
        System.out.println(Long.toBinaryString(5L << 60));
        long s = 1;
        s <<= 63;
        System.out.println(s);
        s >>= 62;
        System.out.println(s);
        int i = -8;
        long li = i >>> 1;
        long li2 = ((long) i) >>> 1;
        System.out.println(li + " " + li2);
        long shiftByLong = 1L << (long) 70;
        System.out.println(shiftByLong);
        int intShiftedByLong = 1 << 33L;
        System.out.println(intShiftedByLong);
        long pop = 0;
        long y = 0xDEADBEEFCAFEBABEL;
        while (y != 0) { pop += y & 1; y >>>= 1; }
        System.out.println("popcount " + pop);
    }
}
