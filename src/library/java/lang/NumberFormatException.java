/* m5's model of java.lang.NumberFormatException. */
package java.lang;

public class NumberFormatException extends IllegalArgumentException {
    public NumberFormatException() {
        super();
    }

    public NumberFormatException(String s) {
        super(s);
    }

    /** JDK message: For input string: "s" (plus " under radix r" when r != 10). */
    static NumberFormatException forInputString(String s, int radix) {
        if (radix == 10) {
            return new NumberFormatException("For input string: \"" + s + "\"");
        }
        return new NumberFormatException("For input string: \"" + s + "\" under radix " + radix);
    }

    /** JDK message for parsing a range of a CharSequence: the error's index relative to beginIndex. */
    static NumberFormatException forCharSequence(CharSequence s, int beginIndex, int endIndex, int errorIndex) {
        return new NumberFormatException("Error at index " + (errorIndex - beginIndex) + " in: \""
                + s.subSequence(beginIndex, endIndex) + "\"");
    }
}
