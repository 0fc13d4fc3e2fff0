/**
 * Helpful NullPointerException messages raised inside java.lang's code:
 * they name the library method's parameter, as HotSpot does with the
 * JDK's class files (m5's model library keeps its parameter names).
 */
public class Main {
    interface Thunk {
        Object get();
    }

    static void attempt(String label, Thunk t) {
        try {
            System.out.println(label + " " + t.get());
        } catch (NullPointerException e) {
            System.out.println(label + " " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        String none = args.length > 100 ? "" : null;
        attempt("contentEquals", () -> "a".contentEquals((CharSequence) none));
        attempt("decode", () -> Integer.decode(none));
        attempt("concat", () -> "a".concat(none));
        attempt("compareTo", () -> "a".compareTo(none));
        attempt("startsWith", () -> "a".startsWith(none));
        attempt("repeat of null", () -> none.repeat(2));
    }
}
