// Exercises argument passing with two-slot long/double parameters mixed with ints/refs in static, instance, interface and constructor calls; long returns.
interface Combiner {
    double combine(long a, int b, double c, float d, Object e);
}

class Holder implements Combiner {
    final long base;
    final double scale;
    Holder(int i, long l, double d, char c, boolean z) {
        base = l + i + c + (z ? 1 : 0);
        scale = d;
    }
    public double combine(long a, int b, double c, float d, Object e) {
        return (a + b) * c + d + base * scale + (e == null ? 0 : e.toString().length());
    }
    long chain(long a, long b, long c) { return a * 100 + b * 10 + c + base; }
}

class SubHolder extends Holder {
    SubHolder(long l, double d) { super(1, l, d, 'A', true); }
    public double combine(long a, int b, double c, float d, Object e) {
        return -super.combine(a, b, c, d, e);
    }
}

public class Main {
    static long mix(int a, long b, int c, double d, int e, float f, long g, byte h, short i, char j, boolean k) {
        return a + b + c + (long) d + e + (long) f + g + h + i + j + (k ? 1000 : 0);
    }

    static double swapSum(double a, long b) { return a * 2 + b; }

    static long fibL(long n) { return n < 2 ? n : fibL(n - 1) + fibL(n - 2); }

    long instanceMix(long a, int b, long c) { return a - b + c; }

    public static void main(String[] args) {
        System.out.println(mix(1, 2L, 3, 4.9, 5, 6.9f, 7L, (byte) -8, (short) 9, 'A', true));
        System.out.println(mix(-1, Long.MAX_VALUE, 0, -0.5, 0, 0f, Long.MIN_VALUE, (byte) 0, (short) 0, (char) 0, false));
        System.out.println(swapSum(1.25, 1L << 40));
        System.out.println(fibL(20));
        System.out.println(new Main().instanceMix(10L, 3, 1L << 33));
        Holder h = new Holder(2, 40L, 0.5, 'a', false);
        Combiner c = h;
        System.out.println(c.combine(3L, 4, 1.5, 0.25f, "four"));
        System.out.println(c.combine(-3L, -4, -1.5, -0.25f, null));
        System.out.println(h.chain(1, 2, 3));
        Combiner s = new SubHolder(100L, 2.0);
        System.out.println(s.combine(1L, 1, 1.0, 1f, "x"));
        Combiner anon = new Combiner() {
            public double combine(long a, int b, double c, float d, Object e) { return a * 1000000 + b * 1000 + c + d; }
        };
        System.out.println(anon.combine(7L, 8, 0.5, 0.25f, null));
        double acc = 0;
        for (int i = 0; i < 2000; i++) acc += c.combine(i, -i, 0.001, 0f, null);
        System.out.println(acc);
    }
}
