// Math.multiplyHigh, and Math.scalb(double, int) at the edges: exact scaling, overflow, the
// subnormal range (one rounding), saturating factors, special values.
public class Main {
    public static void main(String[] args) {
        double[] ds = {
            0.0, -0.0, 1.0, -1.5, 3.0, 0.1, Math.PI, Double.MAX_VALUE, Double.MIN_VALUE,
            Double.MIN_NORMAL, 0x1.fffffffffffffp-1023, 0x1.0000000000001p-1022, 0x1.8p-1070,
            0x1.fffffffffffffp0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY
        };
        int[] ns = {
            0, 1, -1, 10, -10, 511, 512, 513, -511, -512, -513, 1023, -1022, -1074, -1075,
            -1076, 1024, 2000, -2000, 2098, -2099, 2100, -2100, Integer.MAX_VALUE, Integer.MIN_VALUE
        };
        long sum = 0;
        for (double d : ds) {
            StringBuilder line = new StringBuilder();
            for (int n : ns) {
                double r = Math.scalb(d, n);
                sum = sum * 31 + Double.doubleToRawLongBits(r);
                line.append(Long.toHexString(Double.doubleToRawLongBits(r))).append(' ');
            }
            System.out.println(line.toString().trim());
        }
        // Rounding in the subnormal range, ties included.
        for (long bits = 0x0010000000000000L; bits < 0x0010000000000400L; bits += 37) {
            double d = Double.longBitsToDouble(bits);
            for (int n = -60; n <= 0; n += 3) {
                sum = sum * 31 + Double.doubleToRawLongBits(Math.scalb(d, n));
                sum = sum * 31 + Double.doubleToRawLongBits(Math.scalb(d * 1.5, n - 1));
            }
        }
        System.out.println("checksum " + sum);
        // Math.multiplyHigh: the high half of the 128-bit product.
        long[] xs = {0, 1, -1, 2, 0xFFFFFFFFL, 0x100000000L, Long.MAX_VALUE, Long.MIN_VALUE,
            0x123456789ABCDEFL, -0x123456789ABCDEFL, 0x7FFFFFFF80000000L, 3037000499L};
        long h = 0;
        for (long a : xs) {
            for (long b : xs) {
                h = h * 31 + Math.multiplyHigh(a, b);
            }
            System.out.print(Math.multiplyHigh(a, a) + " ");
        }
        long seed = 42;
        for (int i = 0; i < 2000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            long a = seed;
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            h = h * 31 + Math.multiplyHigh(a, seed) + Math.multiplyHigh(a >> (i % 64), seed >>> (i % 61));
        }
        System.out.println("\nmultiplyHigh " + h);
        System.out.println(String.format("%.3e %g", 12345.678, 0.000123456));
    }
}
