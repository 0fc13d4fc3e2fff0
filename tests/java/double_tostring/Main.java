// Exercises Double.toString / println(double) formatting: plain vs E notation thresholds, NaN, infinities, -0.0, extremes.
public class Main {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 0.5, 1.5, 2.5, 10.0, 100.0, 1000.0, 1e6, 1e7 - 1, 1e7, 1.0E7 + 0.5,
                1e8, 12345678.9, 123456789.0, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 1.0E-3, 0.001, 0.0011, 1.0E-4, 9.99e-4,
                1.0E-5, 1.2345E-5, 1e-10, 1e-100, 1e-300, 1.0 / 3, 2.0 / 3, 10.0 / 3, 100.0 / 7, Math.sqrt(2),
                3.141592653589793, 2.718281828459045, Double.MAX_VALUE, Double.MIN_VALUE, -Double.MAX_VALUE,
                2.2250738585072014E-308, 4.9E-324 * 3, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                0.30000000000000004, 123.456, -987.654321, 5e-324, 1.7976931348623157E308, 9007199254740992.0,
                9007199254740993.0, 4.35, 0.07, 1.1, 2.675, 1234567.125, 0.000123, 100.5, 65536.0 * 65536.0,
                2e-3, 8.41e21, 5.0E-9, 1.0E23, 2.0E23};
        for (double d : ds) {
            System.out.println(d);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = -8; i <= 8; i++) {
            double p = 1;
            if (i >= 0) { for (int k = 0; k < i; k++) p *= 10; } else { for (int k = 0; k < -i; k++) p /= 10; }
            sb.append(p).append(' ').append(p * 1.5).append(' ').append(-p / 7).append('\n');
        }
        System.out.print(sb);
        System.out.println(Double.toString(0.25) + "|" + String.valueOf(-3.75) + "|" + (1.0 + 1e-15));
        double x = 1;
        for (int i = 0; i < 20; i++) {
            x = x * 1.7 + 0.3;
            System.out.println(x);
        }
        double y = 1;
        for (int i = 0; i < 20; i++) {
            y = y / 3.3;
            System.out.println(y);
        }
    }
}
