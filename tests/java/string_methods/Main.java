// Exercises String methods: length, charAt, equals, hashCode, compareTo, indexOf, substring, concat, startsWith/endsWith, contains, toCharArray, isEmpty, replace, case, trim, valueOf.
public class Main {
    public static void main(String[] args) {
        String s = "Hello, World";
        System.out.println(s.length() + " " + s.charAt(0) + s.charAt(11) + " " + s.isEmpty() + " " + "".isEmpty() + " " + "".length());
        System.out.println(s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf('z') + " " + s.indexOf("World") + " " + s.indexOf("") + " " + s.indexOf("lo, W") + " " + s.indexOf("Worlds"));
        System.out.println(s.substring(7) + "|" + s.substring(0, 5) + "|" + s.substring(5, 5) + "|" + s.substring(12) + "|");
        System.out.println(s.concat("!") + " " + s.concat("") + " " + "".concat(""));
        System.out.println(s.startsWith("Hell") + " " + s.startsWith("hell") + " " + s.startsWith("") + " " + s.endsWith("World") + " " + s.endsWith("d!"));
        System.out.println(s.contains("lo, ") + " " + s.contains("xyz") + " " + s.contains(""));
        System.out.println(s.replace('l', 'L') + " " + s.replace('q', 'z') + " " + "aaa".replace('a', 'b'));
        System.out.println(s.toUpperCase() + " " + s.toLowerCase() + " " + "MiXeD 123 _!".toLowerCase() + " " + "abc-xyz".toUpperCase());
        System.out.println("[" + "  padded\t \n".trim() + "][" + "   ".trim() + "][" + "x".trim() + "][" + "\u0001ctl\u0002".trim() + "]");
        char[] cs = s.toCharArray();
        cs[0] = 'J';
        System.out.println(cs.length + " " + new StringBuilder().append(cs).toString() + " " + s);
        String[] words = {"apple", "Apple", "apples", "banana", "", "app", "apple"};
        for (String a : words) {
            StringBuilder sb = new StringBuilder();
            sb.append('"').append(a).append("\" hash=").append(a.hashCode()).append(" cmp:");
            for (String b : words) {
                int c = a.compareTo(b);
                sb.append(' ').append(c);
            }
            sb.append(" eq:");
            for (String b : words) sb.append(a.equals(b) ? 'T' : 'F');
            System.out.println(sb);
        }
        System.out.println("polygenelubricants".hashCode() + " " + "The quick brown fox jumps over the lazy dog".hashCode());
        System.out.println(s.equals(null) + " " + s.equals((Object) "Hello, World") + " " + s.equals(new StringBuilder(s)));
        System.out.println(String.valueOf(true) + String.valueOf('c') + String.valueOf(12) + String.valueOf(-5L) + String.valueOf(1.5f) + String.valueOf(2.25) + String.valueOf((Object) null) + String.valueOf(new char[]{'o', 'k'}));
        Object o = "as object";
        System.out.println(String.valueOf(o) + " " + o.toString() + " " + o.equals("as object"));
        String built = "";
        for (int i = 0; i < 10; i++) built = built.concat(String.valueOf(i));
        System.out.println(built + " " + built.length() + " " + built.indexOf("789") + " " + built.substring(3, 6));
        String csv = "a,bb,,ccc,";
        int start = 0, fields = 0;
        while (true) {
            int comma = csv.indexOf(',', start);
            String field = comma < 0 ? csv.substring(start) : csv.substring(start, comma);
            System.out.println("field " + fields++ + " [" + field + "]");
            if (comma < 0) break;
            start = comma + 1;
        }
        int vowels = 0;
        String text = "the quick brown fox jumps over the lazy dog";
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ("aeiou".indexOf(c) >= 0) vowels++;
        }
        System.out.println("vowels " + vowels);
        System.out.println("\u00e9t\u00e9".length() + " " + (int) "\u00e9t\u00e9".charAt(0) + " " + "\u00e9t\u00e9".hashCode());
    }
}
