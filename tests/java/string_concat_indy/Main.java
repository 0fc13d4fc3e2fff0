// Exercises javac's invokedynamic string concatenation: every operand type, null, constants containing \u0001 and \u0002, long chains, char arithmetic.
class Thing {
    final String n;
    Thing(String n) { this.n = n; }
    public String toString() { return "Thing[" + n + "]"; }
}

public class Main {
    static final String CONST = "const";
    static String codes(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 32) sb.append("<").append((int) c).append(">"); else sb.append(c);
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        boolean z = true; byte b = -1; char c = 'Q'; short s = -32768; int i = 123; long l = -9876543210L;
        float f = 2.5f; double d = -0.125; String str = "txt"; String nul = null; Object o = new Thing("t");
        Object onull = null; int[] arr = {1};
        System.out.println("z=" + z + " b=" + b + " c=" + c + " s=" + s + " i=" + i + " l=" + l + " f=" + f + " d=" + d);
        System.out.println("str=" + str + " nul=" + nul + " o=" + o + " onull=" + onull + " arr.len=" + arr.length);
        System.out.println(i + l + str);
        System.out.println(str + i + l);
        System.out.println(c + i + str);
        System.out.println(str + c + i);
        System.out.println("" + c + c);
        System.out.println(c + c + "");
        System.out.println(1 + 2 + "3" + 4 + 5);
        System.out.println(nul + nul);
        String withCtl = "a\u0001b" + i + "\u0002c" + str + "\u0001\u0002";
        System.out.println(codes(withCtl) + " len=" + withCtl.length());
        String ctlOnly = "\u0001" + i;
        String ctlOnly2 = i + "\u0002";
        System.out.println(codes(ctlOnly) + " " + codes(ctlOnly2) + " " + ctlOnly.length() + " " + ctlOnly2.length());
        String mixed = CONST + "-" + i + "-" + CONST;
        System.out.println(mixed);
        String acc = "";
        for (int k = 0; k < 12; k++) acc = acc + k + (k % 2 == 0 ? "e" : "o") + ",";
        System.out.println(acc);
        String many = "" + b + s + i + l + f + d + c + z + str + o + b + s + i + l + f + d + c + z + str + o;
        System.out.println(many);
        System.out.println("math " + (i + 1) + " " + i + 1 + " " + (f * 2) + " " + (d / 0) + " " + (0.0 / 0) + " " + (float) (1 / 3.0));
        System.out.println("extremes " + Long.MIN_VALUE + " " + Integer.MIN_VALUE + " " + Double.MAX_VALUE + " " + Float.MIN_VALUE + " " + (char) 65);
        String x = "x";
        x += 1;
        x += 'c';
        x += 2.0;
        x += null;
        x += o;
        System.out.println(x);
        char[] chars = {'h', 'i'};
        System.out.println("chars=" + String.valueOf(chars));
        String empty = "" + "";
        System.out.println("[" + empty + "]" + empty.length());
        StringBuilder sbo = new StringBuilder("sb");
        System.out.println("sb=" + sbo);
        System.out.println("bools " + (i > 100) + (i < 100) + !z);
        String t = "tab\there" + '\n' + "newline" + "\\" + "quote\"";
        System.out.print(t);
        System.out.println();
    }
}
