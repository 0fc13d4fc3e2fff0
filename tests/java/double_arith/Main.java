// Exercises double arithmetic: dadd/dsub/dmul/ddiv/drem/dneg, NaN and infinity propagation, -0.0, dcmpl/dcmpg branches.
public class Main {
    static double div(double a, double b) { return a / b; }
    static double rem(double a, double b) { return a % b; }

    static String cmp(double a, double b) {
        return (a < b ? "<" : "") + (a <= b ? "<=" : "") + (a > b ? ">" : "") + (a >= b ? ">=" : "") + (a == b ? "==" : "") + (a != b ? "!=" : "");
    }

    public static void main(String[] args) {
        double nan = Double.NaN;
        double pinf = Double.POSITIVE_INFINITY;
        System.out.println(div(1, 0));
        System.out.println(div(-1, 0));
        System.out.println(div(0, 0));
        System.out.println(div(1, -0.0));
        System.out.println(div(-0.0, 5));
        System.out.println(rem(10.5, 3));
        System.out.println(rem(-10.5, 3));
        System.out.println(rem(10.5, -3));
        System.out.println(rem(-0.0, 3));
        System.out.println(rem(1, 0));
        System.out.println(rem(pinf, 1));
        System.out.println(rem(1, pinf));
        System.out.println(rem(1e300, 7));
        System.out.println(0.1 + 0.2);
        System.out.println(0.1 + 0.2 == 0.3);
        System.out.println(1.0 - 0.9);
        System.out.println(pinf + (-pinf));
        System.out.println(pinf * -1);
        System.out.println(-(0.0));
        System.out.println(0.0 - 0.0);
        System.out.println(-0.0 - 0.0);
        System.out.println(-0.0 + 0.0);
        System.out.println(-0.0 * 0.0);
        System.out.println(1 / (-0.0 * 1));
        double[] xs = {1, -1, 0.0, -0.0, nan, pinf, -pinf};
        for (double a : xs) {
            StringBuilder sb = new StringBuilder();
            sb.append(a).append(": ");
            for (double b : xs) {
                sb.append(cmp(a, b)).append(',');
            }
            System.out.println(sb);
        }
        double acc = 0;
        for (int i = 0; i < 10; i++) acc += 0.1;
        System.out.println(acc);
        double p = 1;
        for (int i = 0; i < 1100; i++) p *= 2;
        System.out.println(p);
        double q = 1;
        for (int i = 0; i < 1100; i++) q /= 2;
        System.out.println(q);
        double d = 7;
        d %= 2.5;
        d += 0.25;
        d *= -4;
        d /= 3;
        System.out.println(d);
        System.out.println(Double.MAX_VALUE * 2);
        System.out.println(Double.MIN_VALUE / 2);
        System.out.println(Double.MIN_VALUE * 3);
        System.out.println((float) 0.1 == 0.1);
        System.out.println((double) 0.1f);
    }
}
