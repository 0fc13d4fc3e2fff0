/*
 * String's text methods that the model writes out apart from String (to
 * keep String's file small): regionMatches (the JDK's code-point-wise case
 * folding), stripIndent and translateEscapes (the JDK's algorithms, without
 * streams or lambdas, which the model cannot use).
 */
package java.lang;

final class StringText {
    private StringText() {
    }

    /** regionMatches past its bounds tests: chars equal, or (ignoreCase) equal once case-folded. */
    static boolean regionMatches(boolean ignoreCase, char[] tv, int toffset, char[] ov, int ooffset, int len) {
        int tlast = toffset + len;
        for (int k1 = toffset, k2 = ooffset; k1 < tlast; k1++, k2++) {
            int cp1 = tv[k1];
            int cp2 = ov[k2];
            if (cp1 == cp2) {
                continue;
            }
            if (!ignoreCase) {
                return false;
            }
            if (compareCodePointCI(cp1, cp2) == 0) {
                continue;
            }
            // A surrogate pair folds as its code point (the JDK's codePointIncluding).
            cp1 = codePointIncluding(tv, cp1, k1, toffset, tlast);
            if (cp1 < 0) {
                k1++;
                cp1 = -cp1;
            }
            cp2 = codePointIncluding(ov, cp2, k2, ooffset, ooffset + len);
            if (cp2 < 0) {
                k2++;
                cp2 = -cp2;
            }
            if (compareCodePointCI(cp1, cp2) != 0) {
                return false;
            }
        }
        return true;
    }

    private static int compareCodePointCI(int cp1, int cp2) {
        cp1 = Character.toUpperCase(cp1);
        cp2 = Character.toUpperCase(cp2);
        if (cp1 != cp2) {
            // Upper case alone misses Georgian's rules: lower case decides, as in the JDK.
            cp1 = Character.toLowerCase(cp1);
            cp2 = Character.toLowerCase(cp2);
            if (cp1 != cp2) {
                return cp1 - cp2;
            }
        }
        return 0;
    }

    /** cp's code point with its pair partner; negated when the pair continues past index. */
    private static int codePointIncluding(char[] s, int cp, int index, int start, int end) {
        if (!Character.isSurrogate((char) cp)) {
            return cp;
        }
        if (Character.isLowSurrogate((char) cp)) {
            if (index > start) {
                char c = s[index - 1];
                if (Character.isHighSurrogate(c)) {
                    return Character.toCodePoint(c, (char) cp);
                }
            }
        } else if (index + 1 < end) {
            char c = s[index + 1];
            if (Character.isLowSurrogate(c)) {
                return -Character.toCodePoint((char) cp, c);
            }
        }
        return cp;
    }

    /** The lines as String.lines splits them (\n, \r, \r\n; no empty last line). */
    private static String[] lines(String s) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        int n = s.length();
        int start = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(s.substring(start, i));
                if (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < n) {
            out.add(s.substring(start, n));
        }
        return out.toArray(new String[0]);
    }

    private static int indexOfNonWhitespace(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.codePointAt(i))) {
            i += Character.charCount(s.codePointAt(i));
        }
        return i;
    }

    private static int lastIndexOfNonWhitespace(String s) {
        int i = s.length();
        while (i > 0 && Character.isWhitespace(s.codePointBefore(i))) {
            i -= Character.charCount(s.codePointBefore(i));
        }
        return i;
    }

    static String stripIndent(String s) {
        int length = s.length();
        if (length == 0) {
            return "";
        }
        char lastChar = s.charAt(length - 1);
        boolean optOut = lastChar == '\n' || lastChar == '\r';
        String[] lines = lines(s);
        int outdent = 0;
        if (!optOut) {
            outdent = Integer.MAX_VALUE;
            for (String line : lines) {
                int leading = indexOfNonWhitespace(line);
                if (leading != line.length()) {
                    outdent = Math.min(outdent, leading);
                }
            }
            String lastLine = lines[lines.length - 1];
            if (lastLine.isBlank()) {
                outdent = Math.min(outdent, lastLine.length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k];
            int first = indexOfNonWhitespace(line);
            int last = lastIndexOfNonWhitespace(line);
            if (k > 0) {
                sb.append('\n');
            }
            sb.append(first > last ? "" : line.substring(Math.min(outdent, first), last));
        }
        if (optOut) {
            sb.append('\n');
        }
        return sb.toString();
    }

    static String translateEscapes(String s) {
        if (s.isEmpty()) {
            return "";
        }
        char[] chars = s.toCharArray();
        int length = chars.length;
        int from = 0;
        int to = 0;
        while (from < length) {
            char ch = chars[from++];
            if (ch == '\\') {
                ch = from < length ? chars[from++] : '\0';
                switch (ch) {
                    case 'b': ch = '\b'; break;
                    case 'f': ch = '\f'; break;
                    case 'n': ch = '\n'; break;
                    case 'r': ch = '\r'; break;
                    case 's': ch = ' '; break;
                    case 't': ch = '\t'; break;
                    case '\'': case '\"': case '\\': break;
                    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
                        int limit = Math.min(from + (ch <= '3' ? 2 : 1), length);
                        int code = ch - '0';
                        while (from < limit) {
                            ch = chars[from];
                            if (ch < '0' || '7' < ch) {
                                break;
                            }
                            from++;
                            code = (code << 3) | (ch - '0');
                        }
                        ch = (char) code;
                        break;
                    case '\n':
                        continue;
                    case '\r':
                        if (from < length && chars[from] == '\n') {
                            from++;
                        }
                        continue;
                    default:
                        String hex = Integer.toHexString(ch).toUpperCase();
                        throw new IllegalArgumentException("Invalid escape sequence: \\" + ch + " \\\\u"
                            + "0000".substring(hex.length()) + hex);
                }
            }
            chars[to++] = ch;
        }
        return new String(chars, 0, to);
    }
}
