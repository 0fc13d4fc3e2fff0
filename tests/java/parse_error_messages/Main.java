public class Main {
    interface P { Object parse(String s); }
    static void t(String what, P p, String s) {
        try { System.out.println(what + "(" + s + ") = " + p.parse(s)); }
        catch (NumberFormatException e) { System.out.println(what + ": " + e.getMessage()); }
        catch (NullPointerException e) { System.out.println(what + ": NPE " + e.getMessage()); }
    }
    public static void main(String[] args) {
        String[] ds = {"", " ", "1.2.3", "1..2", "..", "x", "1e", "1e+", "--1", "1.5f", "1.5d ", "NaN", "-Infinity", "Infinityx", "1,5", "0x", "1_000", "+", ".", "e5", "1.0E", " 7 "};
        for (String s : ds) {
            t("parseDouble", Double::parseDouble, s);
            t("parseFloat", Float::parseFloat, s);
        }
        t("parseDouble", Double::parseDouble, null);
        t("parseFloat", Float::parseFloat, null);
        String[] is = {"", "x", "12a", "-", "+", "2147483648", "-2147483649", " 1", "1 ", "0x10", "+-1", "99999999999", "٣"};
        for (String s : is) {
            t("parseInt", Integer::parseInt, s);
            t("parseLong", Long::parseLong, s);
            t("parseShort", Short::parseShort, s);
            t("parseByte", Byte::parseByte, s);
            t("valueOf", Integer::valueOf, s);
            t("radix16", x -> Integer.parseInt(x, 16), s);
            t("radix2", x -> Long.parseLong(x, 2), s);
            t("decode", Integer::decode, s);
        }
        t("parseInt", Integer::parseInt, null);
        t("parseLong", Long::parseLong, null);
        t("radix36", x -> Integer.parseInt(x, 36), "zz");
        t("radix99", x -> Integer.parseInt(x, 99), "1");
        t("radix1", x -> Integer.parseInt(x, 1), "1");
        t("byte", Byte::parseByte, "200");
        t("short", Short::parseShort, "40000");
        t("unsigned", Integer::parseUnsignedInt, "-1");
        t("unsigned", Integer::parseUnsignedInt, "4294967296");
        t("unsignedL", Long::parseUnsignedLong, "18446744073709551616");
        t("bool", Boolean::parseBoolean, "TRUE");
        t("bigint", java.math.BigInteger::new, "12x");
        t("bigdec", java.math.BigDecimal::new, "1.2.3");
    }
}
