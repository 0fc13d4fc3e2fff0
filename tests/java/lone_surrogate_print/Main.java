import java.util.ArrayList;
import java.util.List;

/**
 * Printing text with unpaired surrogates: System.out's UTF-8 encoder writes '?'.
 * Both surrogates made at run time and string literals holding one.
 */
public class Main {
    static final String HALF = "half\uD800";
    static String other = "o\uDC00";

    public static void main(String[] args) {
        char high = (char) 0xD800;
        char low = (char) 0xDC00;
        String lone = "a" + high + "b";
        System.out.println(lone);
        System.out.println("x" + low);
        char half = (char) 0xD83D;
        System.out.println("end" + half);
        System.out.println(String.valueOf(new char[] {(char) 0xD83D, (char) 0xDE00}) + " pair");
        System.out.print(high);
        System.out.println();
        char[] cs = {'c', (char) 0xDFFF, 'd'};
        System.out.println(cs);
        System.out.println(new StringBuilder().append((char) 0xDBFF).append("z"));
        System.out.printf("%s|%c%n", "" + low + high, (char) 0xD802);
        // A pair split in two, and each half printed alone.
        String smile = new String(Character.toChars(0x1F600));
        System.out.println(smile.substring(0, 1) + "|" + smile.substring(1) + "|" + smile);
        List<String> parts = new ArrayList<>();
        for (char c : (smile + "ok" + smile).toCharArray()) {
            parts.add(String.valueOf(c));
        }
        System.out.println(String.join(",", parts));
        StringBuilder rev = new StringBuilder("x" + smile + "y");
        System.out.println(rev.reverse());
        System.out.println(lone.length() + " " + lone.codePointCount(0, lone.length()));
        System.err.println("err" + high);
        literals();
    }

    static void literals() {
        String lit = "a\uD800b";
        System.out.println(lit);
        System.out.println("x\uDC00");
        System.out.println("\uD83D\uDE00 ok");
        System.out.println("end\uD83D");
        System.out.println(HALF + " " + other + " " + HALF.length() + " " + (int) HALF.charAt(4));
        System.out.println("a\uD800b" == lit);
        System.out.println(lit.equals("a\uFFFDb") + " " + "a\uFFFDb" + " " + ("a\uFFFDb" == "a\uFFFDb"));
        String built = new StringBuilder("a").append((char) 0xD800).append('b').toString();
        System.out.println((built.intern() == lit) + " " + (new String("a\uFFFDb").intern() == "a\uFFFDb"));
        System.out.printf("%s|%c%n", "\uDC01\uD801", '\uD802');
        System.out.println(lit.length() + " " + lit.codePointCount(0, lit.length()) + " " + (int) lit.charAt(1));
        for (int i = 0; i < 3; i++) {
            System.out.print("loop" + i + "\uDBFF" + (i * 2) + "\n");
        }
    }
}
