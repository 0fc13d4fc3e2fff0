// String's byte[] constructors (UTF-8 with malformed input, ISO-8859-1,
// US-ASCII, the deprecated hibyte forms, bounds), getBytes(int, int, byte[],
// int), regionMatches with and without case, stripIndent, translateEscapes,
// transform and the nominal descriptor methods.
import java.nio.charset.StandardCharsets;

public class Main {
    static String hex(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            sb.append(i == 0 ? "" : " ").append(Integer.toHexString(s.charAt(i)));
        }
        return "[" + sb + "]";
    }

    static byte[] bytes(int... xs) {
        byte[] b = new byte[xs.length];
        for (int i = 0; i < xs.length; i++) {
            b[i] = (byte) xs[i];
        }
        return b;
    }

    interface Op {
        Object run() throws Exception;
    }

    static void tryShow(String what, Op op) {
        try {
            Object v = op.run();
            System.out.println(what + " = " + (v instanceof String ? hex((String) v) + " " + v : v));
        } catch (Exception e) {
            System.out.println(what + " threw " + e.getClass().getName());
        }
    }

    public static void main(String[] args) throws Exception {
        int[][] utf8 = {{0x41, 0xC3, 0xA9}, {0xE2, 0x82, 0xAC}, {0xF0, 0x9F, 0x98, 0x80}, {0xC3}, {0xC3, 0x41},
            {0xC0, 0x80}, {0xC1, 0xBF}, {0xE0, 0x80, 0x80}, {0xE0, 0xA0}, {0xED, 0xA0, 0x80}, {0xEF, 0xBF},
            {0xE2, 0x82}, {0xE2, 0x41, 0x42}, {0xF0, 0x9F, 0x98}, {0xF0, 0x9F}, {0xF0}, {0xF4, 0x90, 0x80, 0x80},
            {0xF5, 0x80, 0x80, 0x80}, {0xF8, 0x88, 0x80, 0x80, 0x80}, {0x80}, {0xBF, 0x41}, {0xFF, 0xFE},
            {0xF0, 0x80, 0x80, 0x80}, {0xF0, 0x9F, 0x41, 0x42}, {0xF0, 0x9F, 0x98, 0x41}, {0xE0, 0x9F, 0x80},
            {0xF4, 0x8F, 0xBF, 0xBF}, {0x7F, 0x00}, {0xF0, 0x41}, {0xE1, 0x80, 0x41, 0xF1, 0x80, 0x80}};
        for (int[] u : utf8) {
            byte[] b = bytes(u);
            tryShow("utf8 " + java.util.Arrays.toString(u), () -> new String(b, StandardCharsets.UTF_8));
        }
        byte[] mixed = bytes(0x48, 0xE9, 0x6C, 0xFF, 0x80, 0x21);
        tryShow("latin1", () -> new String(mixed, StandardCharsets.ISO_8859_1));
        tryShow("ascii", () -> new String(mixed, StandardCharsets.US_ASCII));
        tryShow("\"ISO-8859-1\"", () -> new String(mixed, "ISO-8859-1"));
        tryShow("\"us-ascii\" 1..4", () -> new String(mixed, 1, 3, "us-ascii"));
        tryShow("\"UTF-8\" 2..5", () -> new String(mixed, 2, 3, "UTF-8"));
        tryShow("default", () -> new String(bytes(0x68, 0xC3, 0xA9)));
        tryShow("default 1..3", () -> new String(bytes(0x68, 0xC3, 0xA9), 1, 2));
        tryShow("charset 0..1", () -> new String(bytes(0x68, 0xC3, 0xA9), 0, 1, StandardCharsets.UTF_8));
        tryShow("hibyte 0", () -> new String(bytes(0x41, 0xE9), 0));
        tryShow("hibyte 0x104", () -> new String(bytes(0x41, 0xE9), 0x104));
        tryShow("hibyte -1 1..2", () -> new String(bytes(0x41, 0xE9), -1, 1, 1));
        tryShow("empty", () -> new String(new byte[0], StandardCharsets.UTF_8));
        tryShow("bounds -1", () -> new String(mixed, -1, 2));
        tryShow("bounds count", () -> new String(mixed, 4, 3, StandardCharsets.UTF_8));
        tryShow("bounds hibyte", () -> new String(mixed, 0, 5, 7));
        tryShow("null charset", () -> new String(mixed, (java.nio.charset.Charset) null));
        tryShow("null charset name", () -> new String(mixed, (String) null));
        tryShow("null bytes", () -> new String((byte[]) null, StandardCharsets.UTF_8));
        String round = "a\u00e9\u20ac\ud83d\ude00z";
        tryShow("round trip", () -> new String(round.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(round));

        byte[] dst = new byte[6];
        "A\u00e9\u20ac\ud83dz".getBytes(0, 5, dst, 1);
        System.out.println("getBytes(0, 5, dst, 1) = " + java.util.Arrays.toString(dst));
        tryShow("getBytes(2, 1, dst, 0)", () -> { "abc".getBytes(2, 1, dst, 0); return "ok"; });
        tryShow("getBytes(0, 3, dst, 4)", () -> { "abc".getBytes(0, 3, dst, 4); return "ok"; });
        tryShow("getBytes(0, 3, null, 0)", () -> { "abc".getBytes(0, 3, null, 0); return "ok"; });

        String s = "Hello, W\u00d6rld \ud801\udc00!";
        String t = "xxhello, w\u00f6RLD \ud801\udc28!";
        System.out.println("regionMatches " + s.regionMatches(0, "Hello", 0, 5) + " " + s.regionMatches(0, "hello", 0, 5)
            + " " + s.regionMatches(true, 0, t, 2, s.length()) + " " + s.regionMatches(false, 0, t, 2, 3)
            + " " + s.regionMatches(true, 13, t, 15, 2) + " " + s.regionMatches(true, 14, t, 16, 1)
            + " " + s.regionMatches(-1, t, 0, 1) + " " + s.regionMatches(0, t, 0, -5)
            + " " + s.regionMatches(true, 5, t, 0, Integer.MAX_VALUE) + " " + s.regionMatches(3, t, 3, 0)
            + " " + "\u0130".regionMatches(true, 0, "i", 0, 1)
            + " " + "\u03a3".regionMatches(true, 0, "\u03c2", 0, 1) + " " + "\u10a0".regionMatches(true, 0, "\u2d00", 0, 1));
        System.out.println("equalsIgnoreCase " + s.equalsIgnoreCase(t.substring(2)) + " " + "\u0130".equalsIgnoreCase("i")
            + " " + "\u00df".equalsIgnoreCase("SS") + " " + "abc".equalsIgnoreCase(null) + " " + "\u03a3".equalsIgnoreCase("\u03c2"));
        tryShow("regionMatches(0, null, 0, 1)", () -> "abc".regionMatches(0, null, 0, 1));

        String[] indents = {"", "  a\n    b\n  c", "  a\n    b\n  c\n", "    a  \n  b\t \n   ", "\n\n", "  x\r\n    y\r  z",
            " \u2003a\n  b", "a\n\n  b\n", "\t\tone\n\t\ttwo\n\t", "   \n   "};
        for (String in : indents) {
            System.out.println("stripIndent " + hex(in) + " -> " + hex(in.stripIndent()));
        }
        String[] escapes = {"a\\tb\\nc", "\\0\\7\\08\\377\\400\\1234", "q\\'\\\"\\\\e", "line\\\ncont", "cr\\\r\nlf\\\rx",
            "\\s\\b\\f\\r", "tail\\", "\\u0041", "\\x", "", "no escapes"};
        for (String in : escapes) {
            try {
                System.out.println("translateEscapes " + hex(in) + " -> " + hex(in.translateEscapes()));
            } catch (IllegalArgumentException e) {
                System.out.println("translateEscapes " + hex(in) + " threw " + e.getMessage());
            }
        }
        System.out.println("transform " + "abc".transform(x -> x.length() * 2) + " " + "q".transform(x -> x + "!"));
        System.out.println("describeConstable " + ("k".describeConstable().get() == "k") + " " + ("k".resolveConstantDesc(null) == "k"));
        Object o = "s";
        System.out.println("String is ConstantDesc " + (o instanceof java.lang.constant.ConstantDesc));
    }
}
