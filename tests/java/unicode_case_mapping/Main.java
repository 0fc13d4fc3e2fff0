import java.util.Locale;
public class Main {
    public static void main(String[] args) {
        String[] ws = {"é", "ú", "Ñ", "ñandú", "ß", "straße", "İ", "I", "ı", "ΣΑΣ", "ΟΔΥΣΣΕΥΣ", "ǅ", "ǆ", "ﬀ", "ŉ", "Ǆ", "ΐ", "Ω", "Ａ", "𐐨", "𐐀", "München", "ÀÉÎÕÜ", "àéîõü", "Ÿ", "ÿ", "µ", "ſ"};
        for (String w : ws) {
            System.out.println(w + " up=" + w.toUpperCase() + " low=" + w.toLowerCase()
                + " upR=" + w.toUpperCase(Locale.ROOT) + " lowR=" + w.toLowerCase(Locale.ROOT)
                + " len=" + w.toUpperCase().length());
        }
        System.out.println("TITLE".toLowerCase(new Locale("tr")) + " " + "title".toUpperCase(new Locale("tr")));
        int[] cps = {0xE9, 0xFA, 0xD1, 0xDF, 0x130, 0x131, 0x3C3, 0x3C2, 0x1C5, 0xB5, 0xFF, 0x17F, 0x10428, 0x10400, 0x1E9E, 0x2C65, 0x23A};
        for (int cp : cps) {
            System.out.println(Integer.toHexString(cp) + " U=" + Integer.toHexString(Character.toUpperCase(cp))
                + " L=" + Integer.toHexString(Character.toLowerCase(cp))
                + " T=" + Integer.toHexString(Character.toTitleCase(cp))
                + " isU=" + Character.isUpperCase(cp) + " isL=" + Character.isLowerCase(cp)
                + " letter=" + Character.isLetter(cp) + " type=" + Character.getType(cp));
            if (cp <= 0xFFFF) {
                char c = (char) cp;
                System.out.println("  char U=" + (int) Character.toUpperCase(c) + " L=" + (int) Character.toLowerCase(c));
            }
        }
        System.out.println("ÉCOLE".equalsIgnoreCase("école") + " " + "ß".equalsIgnoreCase("SS") + " " + "Straße".compareToIgnoreCase("STRASSE"));
        int changed = 0;
        StringBuilder sum = new StringBuilder();
        for (int c = 0; c < 0x3000; c++) {
            if (Character.toUpperCase(c) != c) changed++;
            if (Character.toLowerCase(c) != c) changed += 3;
        }
        System.out.println("changed " + changed);
        long h = 0;
        for (int c = 0x80; c < 0x2000; c++) {
            String s = new String(Character.toChars(c));
            h = h * 31 + s.toUpperCase(Locale.ROOT).hashCode();
            h = h * 31 + s.toLowerCase(Locale.ROOT).hashCode();
        }
        System.out.println("hash " + h);
    }
}
