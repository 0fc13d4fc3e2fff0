// Exercises d2i/d2l/f2i/f2l saturation: NaN -> 0, infinities and out-of-range values clamp, truncation toward zero.
public class Main {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 0.9, -0.9, 1.5, -1.5, 2147483647.0, 2147483647.9, 2147483648.0, -2147483648.0,
                -2147483649.0, 1e10, -1e10, 9.223372036854776E18, -9.223372036854776E18, 1e19, -1e19, 1e300, -1e300,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 4.9e-324};
        for (double d : ds) {
            int i = (int) d;
            long l = (long) d;
            float f = (float) d;
            short s = (short) d;
            byte b = (byte) d;
            char c = (char) d;
            System.out.println(d + " -> i=" + i + " l=" + l + " f=" + f + " s=" + s + " b=" + b + " c=" + (int) c);
        }
        float[] fs = {0.5f, -0.5f, 2.1474836E9f, -2.1474836E9f, 3e9f, -3e9f, 9.223372E18f, 1e20f, -1e20f,
                Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 16777217f, 1.4e-45f};
        for (float f : fs) {
            int i = (int) f;
            long l = (long) f;
            double d = f;
            System.out.println(f + " -> i=" + i + " l=" + l + " d=" + d);
        }
        System.out.println((int) 3.99 + (int) -3.99);
        System.out.println((long) 1e18 + 1);
        System.out.println((int) (char) -1);
        System.out.println((int) (byte) 200);
        System.out.println((int) (short) 40000);
    }
}
