// Exercises i2b/i2c/i2s/i2l/i2f/i2d, l2i/l2f/l2d, f2d/d2f rounding, and implicit widening in mixed expressions.
public class Main {
    public static void main(String[] args) {
        int[] is = {0, 1, -1, 127, 128, 255, 256, -129, 32767, 32768, 65535, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 16777217, 123456789};
        for (int i : is) {
            byte b = (byte) i;
            char c = (char) i;
            short s = (short) i;
            long l = i;
            float f = i;
            double d = i;
            System.out.println(i + ": b=" + b + " c=" + (int) c + " s=" + s + " l=" + l + " f=" + f + " d=" + d);
        }
        long[] ls = {0L, -1L, 4294967296L, 4294967295L, 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE, 123456789012345L};
        for (long l : ls) {
            int i = (int) l;
            float f = l;
            double d = l;
            System.out.println(l + ": i=" + i + " f=" + f + " d=" + d);
        }
        double[] ds = {0.1, 1.0 / 3, 3.4028235677973366E38, 3.5e38, 1e-46, 1.401298464324817E-45, 7.0e-46, 1e-50, 123456.789};
        for (double d : ds) {
            float f = (float) d;
            double back = f;
            System.out.println(d + ": f=" + f + " back=" + back);
        }
        byte b1 = 100, b2 = 100;
        int sum = b1 + b2;
        byte bsum = (byte) (b1 + b2);
        System.out.println(sum + " " + bsum);
        char c = 'x';
        int ci = c + 1;
        char c2 = (char) (c + 1);
        System.out.println(ci + " " + c2);
        short sh = -1;
        char fromShort = (char) sh;
        System.out.println((int) fromShort);
        long mixed = 3 * 1000000000L + 7;
        double mixedD = 1 / 2 + 1 / 2.0;
        float mixedF = 7 / 2 + 7 / 2f;
        System.out.println(mixed + " " + mixedD + " " + mixedF);
        System.out.println('a' + 'b');
        System.out.println("" + 'a' + 'b');
        System.out.println((char) ('a' + 1));
        int bits = 0;
        for (int i = 0; i < 256; i++) {
            bits += (byte) i;
        }
        System.out.println("byte sum " + bits);
    }
}
