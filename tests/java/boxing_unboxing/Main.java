// Exercises autoboxing via valueOf and unboxing for Integer/Long/Character/Boolean/Double, equals, Integer cache identity, null unboxing NPE.
public class Main {
    static int sum(Integer a, Integer b) { return a + b; }
    static Object box(int i) { return i; }
    static Long twice(Long l) { return l * 2; }

    public static void main(String[] args) {
        Integer a = 127, b = 127;
        Integer c = 128, d = 128;
        Integer m = -128, n = -128;
        System.out.println((a == b) + " " + (c == d) + " " + (m == n) + " " + c.equals(d) + " " + a.equals(b));
        System.out.println((Integer.valueOf(5) == Integer.valueOf(5)) + " " + Integer.valueOf(1000).equals(1000));
        Integer x = 10;
        x++;
        x += 5;
        int prim = x;
        System.out.println(x + " " + prim + " " + (x * 2) + " " + x.intValue());
        Long L = 5L;
        Long L2 = twice(L);
        long lp = L2 + 1;
        System.out.println(L + " " + L2 + " " + lp + " " + L.equals(5L) + " " + L.equals(5) + " " + L.longValue());
        Character ch = 'z';
        char cp = ch;
        Character ch2 = 'z';
        System.out.println(ch + " " + (int) cp + " " + (ch == ch2) + " " + ch.equals(ch2) + " " + ch.charValue());
        Boolean t = true;
        Boolean f = Boolean.valueOf(false);
        boolean bp = t && !f;
        System.out.println(t + " " + f + " " + bp + " " + (t == Boolean.valueOf(true)) + " " + t.equals(true) + " " + f.booleanValue());
        Double D = 2.5;
        double dp = D * 2;
        Double D2 = 0.0 / 0;
        System.out.println(D + " " + dp + " " + D2 + " " + D.equals(2.5) + " " + D2.equals(Double.NaN) + " " + D.doubleValue());
        System.out.println(sum(3, 4) + " " + box(9) + " " + (box(9) instanceof Integer));
        Object[] objs = {1, 2L, 'c', true, 1.5, "s"};
        StringBuilder sb = new StringBuilder();
        for (Object o : objs) {
            if (o instanceof Integer) sb.append("I").append((Integer) o + 1);
            else if (o instanceof Long) sb.append("L").append((Long) o + 1);
            else if (o instanceof Character) sb.append("C").append((char) ((Character) o + 1));
            else if (o instanceof Boolean) sb.append("B").append(!(Boolean) o);
            else if (o instanceof Double) sb.append("D").append((Double) o + 1);
            else sb.append("?").append(o);
            sb.append(' ');
        }
        System.out.println(sb);
        Integer nul = null;
        try {
            int bad = nul;
            System.out.println("no NPE " + bad);
        } catch (NullPointerException e) {
            System.out.println("unboxing null -> NPE");
        }
        Integer total = 0;
        for (int i = 0; i < 1000; i++) total += i;
        System.out.println("boxed total " + total);
        Integer big1 = 1000, big2 = 1000;
        System.out.println((big1.intValue() == big2.intValue()) + " " + big1.equals(big2) + " " + (big1 <= big2));
        System.out.println(Integer.valueOf(-7).toString() + Long.valueOf(8).toString() + Character.valueOf('k').toString() + Boolean.valueOf(true).toString() + Double.valueOf(1e-5).toString());
    }
}
