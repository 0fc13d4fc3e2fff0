// Exercises char arithmetic and comparisons, Character.isDigit/isLetter over ASCII, boolean logic (short-circuit evaluation) and conditional expressions.
public class Main {
    static int calls;
    static boolean t(String s) { calls++; System.out.print(s); return true; }
    static boolean f(String s) { calls++; System.out.print(s); return false; }

    public static void main(String[] args) {
        StringBuilder digits = new StringBuilder(), letters = new StringBuilder(), neither = new StringBuilder();
        for (char c = ' '; c <= '~'; c++) {
            if (Character.isDigit(c)) digits.append(c);
            else if (Character.isLetter(c)) letters.append(c);
            else neither.append(c);
        }
        System.out.println(digits);
        System.out.println(letters);
        System.out.println(neither);
        System.out.println(Character.isDigit('\u0000') + " " + Character.isLetter('\u0000') + " " + Character.isLetter('_') + " " + Character.isDigit('x'));
        char c = 'a';
        c += 25;
        System.out.println(c + " " + (int) c + " " + (char) (c - 25) + " " + (c > 'y') + " " + ('A' < 'a'));
        int sum = 0;
        for (char x = 'A'; x <= 'Z'; x++) sum += x - 'A';
        System.out.println("sum " + sum);
        String word = "Caesar Cipher";
        StringBuilder enc = new StringBuilder();
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if (ch >= 'a' && ch <= 'z') ch = (char) ('a' + (ch - 'a' + 3) % 26);
            else if (ch >= 'A' && ch <= 'Z') ch = (char) ('A' + (ch - 'A' + 3) % 26);
            enc.append(ch);
        }
        System.out.println(enc);
        System.out.println(t("a") && f("b") && t("c"));
        System.out.println(f("a") && t("b"));
        System.out.println(t("a") || t("b"));
        System.out.println(f("a") || f("b") || t("c"));
        System.out.println(f("a") & t("b"));
        System.out.println(t("a") | f("b"));
        System.out.println(t("a") ^ t("b"));
        System.out.println("calls " + calls);
        boolean[] bs = {true, false};
        for (boolean p : bs) for (boolean q : bs) {
            System.out.println(p + " " + q + " and=" + (p && q) + " or=" + (p || q) + " xor=" + (p ^ q) + " eq=" + (p == q) + " impl=" + (!p || q) + " tern=" + (p ? (q ? 1 : 2) : (q ? 3 : 4)));
        }
        char max = Character.MAX_VALUE;
        char min = Character.MIN_VALUE;
        System.out.println((int) max + " " + (int) min + " " + (int) (char) (max + 1));
        char digit = '7';
        int val = digit - '0';
        char back = (char) ('0' + val + 1);
        System.out.println(val + " " + back);
        Object boxed = c;
        System.out.println(boxed instanceof Character);
    }
}
