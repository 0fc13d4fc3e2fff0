/*
 * The messages of the index checks of String, StringBuilder and
 * StringBuffer: JDK 17 words them itself ("index 5, length 2"), JDK 18+
 * through Preconditions ("Index 5 out of bounds for length 2").
 */
public class Main {
    interface Thunk {
        Object get();
    }

    static void attempt(String label, Thunk t) {
        try {
            System.out.println(label + ": " + t.get());
        } catch (RuntimeException e) {
            System.out.println(label + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        String s = "ab";
        char[] cs = {'x', 'y', 'z'};
        attempt("String.charAt", () -> s.charAt(5));
        attempt("String.charAt-", () -> s.charAt(-1));
        attempt("String.codePointAt", () -> s.codePointAt(3));
        attempt("String.codePointBefore", () -> s.codePointBefore(0));
        attempt("String.substring1", () -> s.substring(3));
        attempt("String.substring2", () -> s.substring(1, 5));
        attempt("String.substring3", () -> s.substring(2, 1));
        attempt("String.subSequence", () -> s.subSequence(-1, 1));
        attempt("String.getChars", () -> {
            s.getChars(0, 3, new char[4], 0);
            return "no";
        });
        attempt("String.new", () -> new String(cs, 1, 5));
        attempt("String.valueOf", () -> String.valueOf(cs, 2, 2));
        attempt("String.copyValueOf", () -> String.copyValueOf(cs, -1, 1));
        attempt("String.offsetByCodePoints", () -> s.offsetByCodePoints(0, 5));
        attempt("String.codePointCount", () -> s.codePointCount(0, 5));
        attempt("StringBuilder.charAt", () -> new StringBuilder("ab").charAt(2));
        attempt("StringBuilder.setCharAt", () -> {
            new StringBuilder("ab").setCharAt(4, 'q');
            return "no";
        });
        attempt("StringBuilder.deleteCharAt", () -> new StringBuilder("ab").deleteCharAt(2));
        attempt("StringBuilder.delete", () -> new StringBuilder("ab").delete(3, 4));
        attempt("StringBuilder.delete-", () -> new StringBuilder("ab").delete(-1, 1));
        attempt("StringBuilder.replace", () -> new StringBuilder("ab").replace(3, 4, "x"));
        attempt("StringBuilder.insert", () -> new StringBuilder("ab").insert(9, "x"));
        attempt("StringBuilder.insertChars", () -> new StringBuilder("ab").insert(1, cs, 2, 5));
        attempt("StringBuilder.substring", () -> new StringBuilder("ab").substring(1, 5));
        attempt("StringBuilder.substring1", () -> new StringBuilder("ab").substring(3));
        attempt("StringBuilder.appendChars", () -> new StringBuilder("ab").append(cs, 1, 5));
        attempt("StringBuilder.appendSeq", () -> new StringBuilder("ab").append("xyz", 2, 7));
        attempt("StringBuilder.codePointAt", () -> new StringBuilder("ab").codePointAt(2));
        attempt("StringBuilder.getChars", () -> {
            new StringBuilder("ab").getChars(0, 3, new char[4], 0);
            return "no";
        });
        attempt("StringBuilder.setLength", () -> {
            new StringBuilder("ab").setLength(-1);
            return "no";
        });
        attempt("StringBuffer.charAt", () -> new StringBuffer("ab").charAt(5));
        attempt("StringBuffer.setCharAt", () -> {
            new StringBuffer("ab").setCharAt(4, 'q');
            return "no";
        });
        attempt("StringBuffer.deleteCharAt", () -> new StringBuffer("ab").deleteCharAt(2));
        attempt("StringBuffer.delete", () -> new StringBuffer("ab").delete(3, 4));
        attempt("StringBuffer.replace", () -> new StringBuffer("ab").replace(3, 4, "x"));
        attempt("StringBuffer.insert", () -> new StringBuffer("ab").insert(9, "x"));
        attempt("StringBuffer.substring", () -> new StringBuffer("ab").substring(1, 5));
        attempt("StringBuffer.appendChars", () -> new StringBuffer("ab").append(cs, 1, 5));
        attempt("StringBuffer.codePointAt", () -> new StringBuffer("ab").codePointAt(2));
        attempt("StringBuffer.getChars", () -> {
            new StringBuffer("ab").getChars(0, 3, new char[4], 0);
            return "no";
        });
    }
}
