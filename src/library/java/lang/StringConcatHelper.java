/*
 * m5's helper for javac's invokedynamic string concatenation
 * (StringConcatFactory.makeConcatWithConstants). The VM converts primitive
 * arguments and recipe constants to Strings itself, puts all parts in order
 * into an Object[] and calls concat. Not the JDK's class of the same name.
 */
package java.lang;

final class StringConcatHelper {
    private StringConcatHelper() {
    }

    /** Concatenation of String.valueOf(parts[i]); a toString() returning null counts as "null". */
    static String concat(Object[] parts) {
        int n = parts.length;
        String[] strs = new String[n];
        int len = 0;
        for (int i = 0; i < n; i++) {
            Object o = parts[i];
            String s = (o == null) ? null : o.toString();
            if (s == null) {
                s = "null";
            }
            strs[i] = s;
            len += s.length();
        }
        char[] buf = new char[len];
        int pos = 0;
        for (int i = 0; i < n; i++) {
            String s = strs[i];
            s.getChars(buf, pos);
            pos += s.length();
        }
        return new String(buf, true);
    }
}
