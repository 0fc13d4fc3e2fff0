/* m5's model: String's case mapping (toUpperCase, toLowerCase). */
package java.lang;

// Case mapping as the JDK's StringUTF16: each code point through the
// JDK's own CharacterData tables (Character.toUpperCaseEx and
// toUpperCaseCharArray: "ß" is "SS"), and the conditional special
// casing of ConditionalSpecialCasing written out: U+0130 lowercases to
// "i\u0307", a final capital sigma to U+03C2, and Turkish and Azeri
// dotted and dotless i. (The JDK's ConditionalSpecialCasing reads word
// boundaries with java.text.BreakIterator; m5 takes a word to be a run
// of letters, digits and marks.) Lithuanian stops as not modeled.
final class StringCase {
    private StringCase() {
    }

    /**
     * Is lang's (null: the default locale's, user.language) case mapping
     * Turkish or Azeri (dotted and dotless i)? Asked only once a code point
     * whose mapping depends on the language is met, so that most calls
     * read no property.
     */
    private static boolean turkic(String lang) {
        if (lang == null) {
            lang = System.getProperty("user.language", "");
        }
        if (lang.equals("lt")) {
            String.notModeled("String case mapping in Lithuanian");
        }
        return lang.equals("tr") || lang.equals("az");
    }

    /** Does cp's mapping depend on the language (tr, az, lt)? */
    private static boolean local(int cp) {
        return cp == 'i' || cp == 'I' || cp == 'j' || cp == 'J' || cp == 0x130 || cp == 0x307
            || cp == 0x12E || cp == 0x12F || cp == 0xCC || cp == 0xCD || cp == 0x128;
    }

    static String upper(String s, String lang) {
        int len = s.length();
        int first = 0;
        while (first < len && !Character.isSurrogate(s.charAt(first)) && s.charAt(first) == Character.toUpperCaseEx(s.charAt(first))) {
            first++;
        }
        if (first == len) {
            return s;
        }
        int tr = -1; // turkic(lang), once asked
        char[] out = new char[len];
        s.getChars(0, first, out, 0);
        int n = first;
        for (int i = first; i < len; ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (tr < 0 && local(cp)) {
                tr = turkic(lang) ? 1 : 0;
            }
            int up = tr == 1 && cp == 'i' ? '\u0130' : Character.toUpperCaseEx(cp);
            if (Character.isBmpCodePoint(up)) {
                out[n++] = (char) up;
                continue;
            }
            char[] more = up == Character.ERROR ? Character.toUpperCaseCharArray(cp) : Character.toChars(up);
            out = room(out, n, more.length, len - i);
            for (char c : more) {
                out[n++] = c;
            }
        }
        return new String(out, 0, n);
    }

    static String lower(String s, String lang) {
        int len = s.length();
        int first = 0;
        while (first < len && !Character.isSurrogate(s.charAt(first)) && s.charAt(first) == Character.toLowerCase(s.charAt(first))) {
            first++;
        }
        if (first == len) {
            return s;
        }
        int tr = -1; // turkic(lang), once asked
        char[] out = new char[len];
        s.getChars(0, first, out, 0);
        int n = first;
        for (int i = first; i < len; ) {
            int cp = s.codePointAt(i);
            int at = i;
            i += Character.charCount(cp);
            if (tr < 0 && local(cp)) {
                tr = turkic(lang) ? 1 : 0;
                if (tr == 1 && s.indexOf('\u0307') >= 0) {
                    String.notModeled("Turkish or Azeri case mapping of a combining dot above (U+0307)");
                }
            }
            char[] more = null;
            int low;
            if (cp == '\u0130') {
                if (tr == 1) {
                    low = 'i';
                } else {
                    low = Character.ERROR;
                    more = new char[] {'i', '\u0307'};
                }
            } else if (cp == 'I' && tr == 1) {
                low = '\u0131';
            } else if (cp == '\u03A3') {
                low = finalCased(s, at) ? '\u03C2' : '\u03C3';
            } else {
                low = Character.toLowerCase(cp);
            }
            if (Character.isBmpCodePoint(low)) {
                out[n++] = (char) low;
                continue;
            }
            if (more == null) {
                more = Character.toChars(low);
            }
            out = room(out, n, more.length, len - i);
            for (char c : more) {
                out[n++] = c;
            }
        }
        return new String(out, 0, n);
    }

    /** out, with room for k more chars after n and then rest more. */
    private static char[] room(char[] out, int n, int k, int rest) {
        if (n + k + rest <= out.length) {
            return out;
        }
        char[] bigger = new char[n + k + rest];
        System.arraycopy(out, 0, bigger, 0, n);
        return bigger;
    }

    /**
     * The JDK's Final_Cased condition for the sigma at index: a cased
     * letter before it in its word, and none after it.
     */
    private static boolean finalCased(String s, int index) {
        int i = index;
        while (i > 0) {
            int ch = s.codePointBefore(i);
            if (!inWord(ch)) {
                return false;
            }
            if (cased(ch)) {
                for (int j = index + 1; j < s.length(); ) {
                    int after = s.codePointAt(j);
                    if (!inWord(after)) {
                        return true;
                    }
                    if (cased(after)) {
                        return false;
                    }
                    j += Character.charCount(after);
                }
                return true;
            }
            i -= Character.charCount(ch);
        }
        return false;
    }

    private static boolean inWord(int ch) {
        int t = Character.getType(ch);
        return Character.isLetterOrDigit(ch) || t == Character.NON_SPACING_MARK
            || t == Character.ENCLOSING_MARK || t == Character.COMBINING_SPACING_MARK
            || t == Character.FORMAT;
    }

    /** ConditionalSpecialCasing.isCased: a letter with case, or Other_Lowercase/Uppercase. */
    private static boolean cased(int ch) {
        int t = Character.getType(ch);
        return t == Character.LOWERCASE_LETTER || t == Character.UPPERCASE_LETTER
            || t == Character.TITLECASE_LETTER
            || (ch >= 0x02B0 && ch <= 0x02B8) || (ch >= 0x02C0 && ch <= 0x02C1)
            || (ch >= 0x02E0 && ch <= 0x02E4) || ch == 0x0345 || ch == 0x037A
            || (ch >= 0x1D2C && ch <= 0x1D61) || (ch >= 0x2160 && ch <= 0x217F)
            || (ch >= 0x24B6 && ch <= 0x24E9);
    }
}
