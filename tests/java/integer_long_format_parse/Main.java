// Exercises Integer/Long.toString, parseInt/parseLong (signs, bounds, NumberFormatException), toHexString/toBinaryString of negatives, MIN/MAX constants.
public class Main {
    static String tryInt(String s) {
        try {
            return String.valueOf(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return "NFE";
        }
    }

    static String tryLong(String s) {
        try {
            return String.valueOf(Long.parseLong(s));
        } catch (NumberFormatException e) {
            return "NFE";
        }
    }

    public static void main(String[] args) {
        int[] is = {0, 1, -1, 255, -255, 4096, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7f00ff00, -559038737};
        for (int i : is) {
            System.out.println(Integer.toString(i) + " hex=" + Integer.toHexString(i) + " bin=" + Integer.toBinaryString(i));
        }
        long[] ls = {0L, -1L, 255L, Long.MAX_VALUE, Long.MIN_VALUE, 0xCAFEBABEL, -0xCAFEBABEL, 1L << 32};
        for (long l : ls) {
            System.out.println(Long.toString(l) + " hex=" + Long.toHexString(l) + " bin=" + Long.toBinaryString(l));
        }
        System.out.println(Integer.MIN_VALUE + " " + Integer.MAX_VALUE + " " + Long.MIN_VALUE + " " + Long.MAX_VALUE);
        String[] inputs = {"0", "-0", "+0", "42", "-42", "+42", "007", "2147483647", "2147483648", "-2147483648", "-2147483649",
                "", "-", "+", "12a", " 1", "1 ", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "99999999999", "0x10", "1_000"};
        for (String in : inputs) {
            System.out.println("[" + in + "] int=" + tryInt(in) + " long=" + tryLong(in));
        }
        try {
            Integer.parseInt(null);
        } catch (NumberFormatException e) {
            System.out.println("parseInt(null) -> NFE");
        }
        int sum = 0;
        for (int i = -50; i <= 50; i++) sum += Integer.parseInt(Integer.toString(i * 12345));
        System.out.println("roundtrip sum " + sum);
        long lsum = 0;
        for (long v = 1; v > 0 && v < Long.MAX_VALUE / 3; v *= 3) lsum += Long.parseLong(Long.toString(-v));
        System.out.println("long roundtrip " + lsum);
    }
}
