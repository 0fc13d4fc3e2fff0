// Character's long tail: bidi classes, mirroring, ideographs, defined code
// points, ISO controls, the deprecated isSpace/isJavaLetter*, and the char[]
// code point methods with their bounds.
public class Main {
    static void show(String what, Object v) {
        System.out.println(what + " = " + v);
    }

    static void fails(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + " returned");
        } catch (RuntimeException e) {
            // Only the class: bare IndexOutOfBoundsExceptions got messages in JDK 18.
            System.out.println(what + " threw " + e.getClass().getName());
        }
    }

    public static void main(String[] args) {
        int[] cps = {'a', 'Z', '5', ' ', '\t', '\n', '(', ')', '[', '<', '+', '-', ',', '$', '%',
            0x05D0, 0x0627, 0x0661, 0x0300, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
            0x2066, 0x2067, 0x2068, 0x2069, 0x2029, 0x001C, 0x00AD, 0x4E2D, 0x3007, 0x20000,
            0x1F600, 0xE000, 0xFFFF, 0x0378, 0x10FFFF, 0x2212, 0x00AB, 0x007F, 0x0085, 0x009F, 0x00A0};
        for (int cp : cps) {
            System.out.println(Integer.toHexString(cp) + ": dir=" + Character.getDirectionality(cp)
                + " mirrored=" + Character.isMirrored(cp) + " ideo=" + Character.isIdeographic(cp)
                + " defined=" + Character.isDefined(cp) + " iso=" + Character.isISOControl(cp));
            if (cp <= 0xFFFF) {
                char c = (char) cp;
                System.out.println("  char: dir=" + Character.getDirectionality(c) + " mirrored="
                    + Character.isMirrored(c) + " defined=" + Character.isDefined(c) + " iso="
                    + Character.isISOControl(c) + " space=" + Character.isSpace(c) + " letter="
                    + Character.isJavaLetter(c) + " letterOrDigit=" + Character.isJavaLetterOrDigit(c)
                    + " rev=" + Integer.toHexString(Character.reverseBytes(c)));
            }
        }
        show("getDirectionality(-1)", Character.getDirectionality(-1));
        show("getDirectionality(0x110000)", Character.getDirectionality(0x110000));
        show("isDefined(-5)", Character.isDefined(-5));
        show("isISOControl(-1)", Character.isISOControl(-1));
        show("DIRECTIONALITY_UNDEFINED", Character.DIRECTIONALITY_UNDEFINED);
        show("DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE", Character.DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE);
        show("DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC", Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC);
        show("isSurrogatePair(D83D,DE00)", Character.isSurrogatePair('\uD83D', '\uDE00'));
        show("isSurrogatePair(DE00,D83D)", Character.isSurrogatePair('\uDE00', '\uD83D'));

        char[] dst = new char[4];
        show("toChars(0x1F600, dst, 1)", Character.toChars(0x1F600, dst, 1));
        show("dst", Integer.toHexString(dst[1]) + " " + Integer.toHexString(dst[2]));
        show("toChars('x', dst, 3)", Character.toChars('x', dst, 3));
        fails("toChars(0x1F600, dst, 3)", () -> Character.toChars(0x1F600, dst, 3));
        try {
            Character.toChars(0x110000, dst, 0);
        } catch (IllegalArgumentException e) {
            show("toChars(0x110000)", e.getMessage());
        }

        char[] a = "a\uD83D\uDE00b\uD835".toCharArray();
        for (int i = 0; i < a.length; i++) {
            System.out.println("at " + i + ": " + Integer.toHexString(Character.codePointAt(a, i))
                + " before " + (i + 1) + ": " + Integer.toHexString(Character.codePointBefore(a, i + 1)));
        }
        show("codePointAt(a, 1, 2)", Integer.toHexString(Character.codePointAt(a, 1, 2)));
        show("codePointBefore(a, 3, 2)", Integer.toHexString(Character.codePointBefore(a, 3, 2)));
        show("codePointCount(a, 0, 5)", Character.codePointCount(a, 0, 5));
        show("codePointCount(a, 2, 3)", Character.codePointCount(a, 2, 3));
        show("codePointCount(seq, 0, 5)", Character.codePointCount(new String(a), 0, 5));
        show("codePointCount(seq, 1, 2)", Character.codePointCount(new StringBuilder(new String(a)), 1, 2));
        show("offsetByCodePoints(a, 0, 5, 0, 3)", Character.offsetByCodePoints(a, 0, 5, 0, 3));
        show("offsetByCodePoints(a, 0, 5, 5, -3)", Character.offsetByCodePoints(a, 0, 5, 5, -3));
        show("offsetByCodePoints(a, 1, 2, 1, 1)", Character.offsetByCodePoints(a, 1, 2, 1, 1));
        fails("codePointAt(a, 5)", () -> Character.codePointAt(a, 5));
        fails("codePointAt(a, 2, 2)", () -> Character.codePointAt(a, 2, 2));
        fails("codePointAt(a, 0, 6)", () -> Character.codePointAt(a, 0, 6));
        fails("codePointBefore(a, 0)", () -> Character.codePointBefore(a, 0));
        fails("codePointBefore(a, 2, 2)", () -> Character.codePointBefore(a, 2, 2));
        fails("codePointBefore(a, 1, -1)", () -> Character.codePointBefore(a, 1, -1));
        fails("codePointCount(a, 3, 3)", () -> Character.codePointCount(a, 3, 3));
        fails("codePointCount(a, -1, 2)", () -> Character.codePointCount(a, -1, 2));
        fails("codePointCount(seq, 2, 1)", () -> Character.codePointCount("abc", 2, 1));
        fails("codePointCount(seq, 0, 4)", () -> Character.codePointCount("abc", 0, 4));
        fails("offsetByCodePoints(a, 0, 5, 0, 6)", () -> Character.offsetByCodePoints(a, 0, 5, 0, 6));
        fails("offsetByCodePoints(a, 0, 5, 6, 0)", () -> Character.offsetByCodePoints(a, 0, 5, 6, 0));
        fails("offsetByCodePoints(a, 2, 2, 2, -1)", () -> Character.offsetByCodePoints(a, 2, 2, 2, -1));
        fails("codePointAt(null, 0)", () -> Character.codePointAt((char[]) null, 0));

        show("describeConstable present", Character.valueOf('q').describeConstable().isPresent());
        show("Character is Constable", (Object) Character.valueOf('q') instanceof java.lang.constant.Constable);
    }
}
