// The boxes' long tail: Long.decode/divideUnsigned/remainderUnsigned/
// toUnsignedString, Short and Byte decode/valueOf(radix)/unsigned views,
// Integer.getInteger/Long.getLong from system properties, and the nominal
// descriptors (describeConstable, resolveConstantDesc).
public class Main {
    static void show(String what, Object v) {
        System.out.println(what + " = " + v);
    }

    interface Op {
        Object run();
    }

    static void tryShow(String what, Op op) {
        try {
            show(what, op.run());
        } catch (RuntimeException e) {
            System.out.println(what + " threw " + e);
        }
    }

    public static void main(String[] args) {
        String[] decodes = {"0", "-0", "+17", "0x7fffffffffffffff", "-0x8000000000000000", "#FF", "-#10",
            "017", "-017", "08", "0X1F", "", "-", "+-1", "0x", "9223372036854775808", "-9223372036854775809",
            "0x8000000000000000", " 1", "1L"};
        for (String d : decodes) {
            tryShow("Long.decode(\"" + d + "\")", () -> Long.decode(d));
            tryShow("Short.decode(\"" + d + "\")", () -> Short.decode(d));
            tryShow("Byte.decode(\"" + d + "\")", () -> Byte.decode(d));
        }
        tryShow("Short.decode(\"32768\")", () -> Short.decode("32768"));
        tryShow("Short.decode(\"-0x8000\")", () -> Short.decode("-0x8000"));
        tryShow("Byte.decode(\"-129\")", () -> Byte.decode("-129"));
        tryShow("Byte.decode(\"0x7f\")", () -> Byte.decode("0x7f"));
        tryShow("Long.decode(null)", () -> Long.decode(null));

        long[] xs = {0, 1, 7, -1, -2, Long.MIN_VALUE, Long.MAX_VALUE, 123456789012345L, -123456789012345L};
        for (long x : xs) {
            StringBuilder sb = new StringBuilder("unsigned " + x + ":");
            for (int radix : new int[] {2, 3, 4, 8, 10, 16, 32, 36, 37, 1}) {
                sb.append(' ').append(Long.toUnsignedString(x, radix));
            }
            sb.append(" | ").append(Long.toUnsignedString(x));
            System.out.println(sb);
            for (long y : xs) {
                if (y == 0) {
                    continue;
                }
                System.out.println("  / " + y + " = " + Long.divideUnsigned(x, y) + " % " + Long.remainderUnsigned(x, y));
            }
        }
        tryShow("divideUnsigned(1, 0)", () -> Long.divideUnsigned(1, 0));
        tryShow("remainderUnsigned(1, 0)", () -> Long.remainderUnsigned(1, 0));

        short[] ss = {0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE};
        for (short a : ss) {
            for (short b : ss) {
                System.out.print(Short.compareUnsigned(a, b) + " ");
            }
            System.out.println("| " + Short.toUnsignedLong(a));
        }
        byte[] bs = {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE};
        for (byte a : bs) {
            for (byte b : bs) {
                System.out.print(Byte.compareUnsigned(a, b) + " ");
            }
            System.out.println("| " + Byte.toUnsignedLong(a));
        }
        tryShow("Short.valueOf(\"-7fff\", 16)", () -> Short.valueOf("-7fff", 16));
        tryShow("Short.valueOf(\"8000\", 16)", () -> Short.valueOf("8000", 16));
        tryShow("Byte.valueOf(\"-80\", 16)", () -> Byte.valueOf("-80", 16));
        tryShow("Byte.valueOf(\"zz\", 36)", () -> Byte.valueOf("zz", 36));
        tryShow("Byte.valueOf(\"1\", 99)", () -> Byte.valueOf("1", 99));
        show("Byte.valueOf(\"5\") cached", Byte.valueOf("5") == Byte.valueOf("5"));
        show("Short.valueOf(\"5\") cached", Short.valueOf("5") == Short.valueOf("5"));
        show("Short.valueOf(\"5\", 10) cached", Short.valueOf("5", 10) == Short.valueOf((short) 5));
        tryShow("new Short(\"-12\")", () -> new Short("-12"));
        tryShow("new Byte(\"300\")", () -> new Byte("300"));
        tryShow("new Short(null)", () -> new Short((String) null));

        System.setProperty("m5.int", "0x10");
        System.setProperty("m5.bad", "12z");
        System.setProperty("m5.long", "-9223372036854775808");
        show("getInteger(m5.int)", Integer.getInteger("m5.int"));
        show("getInteger(m5.bad)", Integer.getInteger("m5.bad"));
        show("getInteger(m5.none)", Integer.getInteger("m5.none"));
        show("getInteger(m5.none, 5)", Integer.getInteger("m5.none", 5));
        show("getInteger(m5.bad, 6)", Integer.getInteger("m5.bad", 6));
        show("getInteger(m5.int, 7)", Integer.getInteger("m5.int", Integer.valueOf(7)));
        show("getInteger(\"\")", Integer.getInteger(""));
        show("getInteger(null, 8)", Integer.getInteger(null, 8));
        show("getLong(m5.long)", Long.getLong("m5.long"));
        show("getLong(m5.int)", Long.getLong("m5.int"));
        show("getLong(m5.bad, 9)", Long.getLong("m5.bad", 9L));
        show("getLong(m5.none, 10L)", Long.getLong("m5.none", Long.valueOf(10)));
        show("getLong(null)", Long.getLong(null));
        show("getLong(\"\", 11)", Long.getLong("", 11));

        Integer i = 1234;
        Long l = -5L;
        Double d = 2.5;
        Float f = -0.0f;
        show("Integer.describeConstable", i.describeConstable().get() == i);
        show("Long.describeConstable", l.describeConstable().get() == l);
        show("Double.describeConstable", d.describeConstable().get() == d);
        show("Float.describeConstable", f.describeConstable().get() == f);
        show("Integer.resolveConstantDesc", i.resolveConstantDesc(null) == i);
        show("Long.resolveConstantDesc", l.resolveConstantDesc(null) == l);
        show("Double.resolveConstantDesc", d.resolveConstantDesc(null) == d);
        show("Float.resolveConstantDesc", f.resolveConstantDesc(null) == f);
        show("Short.describeConstable", Short.valueOf((short) 3).describeConstable().isPresent());
        show("Byte.describeConstable", Byte.valueOf((byte) 3).describeConstable().isPresent());
        show("Boolean.describeConstable", Boolean.TRUE.describeConstable().isPresent());
        Object o = i;
        show("Integer is ConstantDesc", o instanceof java.lang.constant.ConstantDesc);
        o = (short) 1;
        show("Short is Constable", o instanceof java.lang.constant.Constable);
        show("Short is ConstantDesc", o instanceof java.lang.constant.ConstantDesc);
    }
}
