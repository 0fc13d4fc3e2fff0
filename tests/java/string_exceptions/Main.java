// Exercises exceptions from String/StringBuilder methods: StringIndexOutOfBounds (charAt, substring), NPE on null receiver/argument.
public class Main {
    static String attempt(int kind, String s) {
        try {
            switch (kind) {
                case 0: return "charAt=" + s.charAt(5);
                case 1: return "charAt=" + s.charAt(-1);
                case 2: return "substring=" + s.substring(4);
                case 3: return "substring=" + s.substring(2, 1);
                case 4: return "substring=" + s.substring(-1, 2);
                case 5: return "substring=" + s.substring(0, 10);
                case 6: return "length=" + s.length();
                case 7: return "concat=" + s.concat(null);
                case 8: return "contains=" + s.contains(null);
                default: return "none";
            }
        } catch (StringIndexOutOfBoundsException e) {
            return "SIOOBE";
        } catch (NullPointerException e) {
            return "NPE";
        }
    }

    public static void main(String[] args) {
        String[] inputs = {"abcd", "", null};
        for (String in : inputs) {
            StringBuilder sb = new StringBuilder();
            sb.append(in == null ? "null" : "\"" + in + "\"").append(':');
            for (int k = 0; k <= 8; k++) sb.append(' ').append(attempt(k, in));
            System.out.println(sb);
        }
        try {
            new StringBuilder("ab").setLength(-1);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("setLength(-1) -> SIOOBE");
        } catch (RuntimeException e) {
            System.out.println("setLength(-1) -> other RuntimeException");
        }
        try {
            new StringBuilder("ab").insert(5, "x");
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("insert(5) -> SIOOBE");
        } catch (RuntimeException e) {
            System.out.println("insert(5) -> other RuntimeException");
        }
        String s = null;
        try {
            if (s.equals("x")) System.out.println("?");
        } catch (NullPointerException e) {
            System.out.println("null.equals -> NPE");
        }
        System.out.println("x".equals(s));
        try {
            System.out.println("abc".compareTo(s));
        } catch (NullPointerException e) {
            System.out.println("compareTo(null) -> NPE");
        }
        try {
            System.out.println("abc".startsWith(null));
        } catch (NullPointerException e) {
            System.out.println("startsWith(null) -> NPE");
        }
    }
}
