public class Main {
    public static void main(String[] args) {
        String[] ds = {"0x1p3", "0x1.8p-2", "0X1.0P0", "-0x1p-1074", "0x1.fffffffffffffp1023", "0x.8p1", "0x1p1024",
            "0x1.0000000000000801p0", "0x1.00000000000008p0", "0x1.00000000000018p0", "  0x10p0d ", "0xAp0f", "+0x1P+4",
            "0x0p0", "-0x0.0p0", "0x1p-1075", "0x1.8p-1074", "0x3p-1076", "0x123456789abcdefp-12"};
        for (String s : ds) {
            double d = Double.parseDouble(s);
            System.out.println(s.trim() + " -> " + d + " " + Double.toHexString(d));
        }
        System.out.println(Double.valueOf("0x1.8p-2"));
        String[] fs = {"0x1p3", "0x1.8p-2f", "0x1.fffffep127", "0x1p-149", "0x1p-150", "0x1.000001p0", "0x1.0000018p0", "0x1.fffffffp127"};
        for (String s : fs) {
            float f = Float.parseFloat(s);
            System.out.println(s + " -> " + f + " " + Float.toHexString(f));
        }
        double[] vals = {0.1, 1.0 / 3, Math.PI, -2.5e-310, Double.MAX_VALUE, Double.MIN_VALUE, 1e100};
        for (double v : vals) {
            String a = String.format("%a", v);
            double back = Double.parseDouble(a);
            System.out.println(a + " " + (back == v) + " " + String.format("%.3a", v));
        }
        java.util.Random r = new java.util.Random(42);
        int same = 0;
        for (int i = 0; i < 500; i++) {
            double v = Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(v)) { same++; continue; }
            if (Double.parseDouble(Double.toHexString(v)) == v) same++;
            float f = Float.intBitsToFloat(r.nextInt());
            if (!Float.isNaN(f) && Float.parseFloat(Float.toHexString(f)) != f) System.out.println("float mismatch " + f);
        }
        System.out.println("round trips " + same);
        String[] bad = {"0x", "0x1", "0xp1", "0x1.p", "0x1q3"};
        for (String s : bad) {
            try { Double.parseDouble(s); System.out.println("parsed " + s); }
            catch (NumberFormatException e) { System.out.println(e.getMessage()); }
        }
    }
}
