// Exercises athrow and handler selection: catch by exact class, superclass, multi-catch, ordering of handlers, nested try, custom exceptions.
class AppException extends Exception {
    int code;
    AppException(String msg, int code) { super(msg); this.code = code; }
}

class DetailException extends AppException {
    DetailException(String msg) { super("detail: " + msg, 2); }
}

public class Main {
    static void thrower(int kind) throws Exception {
        switch (kind) {
            case 0: throw new IllegalArgumentException("bad arg");
            case 1: throw new IllegalStateException("bad state");
            case 2: throw new AppException("app", 1);
            case 3: throw new DetailException("deep");
            case 4: throw new UnsupportedOperationException("unsupported");
            case 5: throw new Exception("plain");
            case 6: throw new RuntimeException();
            case 7: { int[] a = new int[1]; a[kind] = 1; }
            case 8: { Object o = null; o.toString(); }
            case 9: throw new NumberFormatException("nfe");
            default: System.out.println("no throw for " + kind);
        }
    }

    static String handle(int kind) {
        try {
            thrower(kind);
            return "normal";
        } catch (IllegalArgumentException e) {
            return "IAE(" + e.getMessage() + ")" + (e instanceof NumberFormatException ? " is NFE" : "");
        } catch (IllegalStateException | UnsupportedOperationException e) {
            return "multi(" + e.getMessage() + ")";
        } catch (DetailException e) {
            return "Detail(" + e.getMessage() + "," + e.code + ")";
        } catch (AppException e) {
            return "App(" + e.getMessage() + "," + e.code + ")";
        } catch (NullPointerException e) {
            return "NPE";
        } catch (RuntimeException e) {
            return "RTE(" + e.getMessage() + ")";
        } catch (Exception e) {
            return "Exception(" + e.getMessage() + ")";
        }
    }

    public static void main(String[] args) {
        for (int k = 0; k <= 10; k++) {
            System.out.println(k + ": " + handle(k));
        }
        try {
            try {
                throw new IllegalStateException("inner");
            } catch (IllegalArgumentException e) {
                System.out.println("wrong handler");
            }
        } catch (RuntimeException e) {
            System.out.println("outer caught " + e.getMessage());
        }
        try {
            try {
                throw new IllegalStateException("first");
            } catch (IllegalStateException e) {
                throw new IllegalArgumentException("second from handler: " + e.getMessage());
            }
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        Throwable t = new Error("an error");
        try {
            throw (Error) t;
        } catch (Exception e) {
            System.out.println("should not be here");
        } catch (Throwable th) {
            System.out.println("Throwable handler: " + th);
        }
        int caught = 0;
        for (int i = 0; i < 500; i++) {
            try {
                if (i % 3 == 0) throw new RuntimeException("r" + i);
                caught += 0;
            } catch (RuntimeException e) {
                caught++;
            }
        }
        System.out.println("caught " + caught);
        try {
            throw null;
        } catch (NullPointerException e) {
            System.out.println("throw null -> NPE");
        }
        RuntimeException saved = new RuntimeException("saved");
        for (int i = 0; i < 2; i++) {
            try {
                throw saved;
            } catch (RuntimeException e) {
                System.out.println("rethrown same object: " + (e == saved));
            }
        }
    }
}
