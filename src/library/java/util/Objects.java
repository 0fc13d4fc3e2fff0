package java.util;

/**
 * m5 model of java.util.Objects: javac's own code calls requireNonNull (a
 * bound method reference `x::m`, `outer.new Inner()`), so it is here with
 * the compiler-support classes; the rest of java.util is not modeled.
 */
public final class Objects {
    private Objects() {}

    public static <T> T requireNonNull(T obj) {
        if (obj == null) {
            throw new NullPointerException();
        }
        return obj;
    }

    public static <T> T requireNonNull(T obj, String message) {
        if (obj == null) {
            throw new NullPointerException(message);
        }
        return obj;
    }

    public static <T> T requireNonNullElse(T obj, T defaultObj) {
        return obj != null ? obj : requireNonNull(defaultObj, "defaultObj");
    }

    public static boolean isNull(Object obj) {
        return obj == null;
    }

    public static boolean nonNull(Object obj) {
        return obj != null;
    }

    public static boolean equals(Object a, Object b) {
        return a == b || (a != null && a.equals(b));
    }

    public static int hashCode(Object o) {
        return o != null ? o.hashCode() : 0;
    }

    public static int hash(Object... values) {
        if (values == null) {
            return 0;
        }
        int h = 1;
        for (Object v : values) {
            h = 31 * h + (v == null ? 0 : v.hashCode());
        }
        return h;
    }

    public static String toString(Object o) {
        return String.valueOf(o);
    }

    public static String toString(Object o, String nullDefault) {
        return o != null ? o.toString() : nullDefault;
    }
}
