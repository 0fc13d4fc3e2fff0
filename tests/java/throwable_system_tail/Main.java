// Throwable's protected 4-argument constructor (suppression off, no stack
// trace), printStackTrace to a PrintWriter, and System/Thread's small tail:
// mapLibraryName, runFinalization, checkAccess, countStackFrames.
import java.io.PrintWriter;
import java.io.StringWriter;

public class Main {
    static class Quiet extends RuntimeException {
        Quiet(String m, Throwable c, boolean suppression, boolean writable) {
            super(m, c, suppression, writable);
        }
    }

    static Throwable make(int depth) {
        if (depth == 0) {
            return new IllegalStateException("deep", new ArithmeticException("root"));
        }
        return make(depth - 1);
    }

    public static void main(String[] args) {
        Quiet q = new Quiet("quiet", null, false, false);
        q.addSuppressed(new RuntimeException("ignored"));
        System.out.println(q + " suppressed=" + q.getSuppressed().length + " cause=" + q.getCause());
        StringWriter sw = new StringWriter();
        q.printStackTrace(new PrintWriter(sw));
        System.out.print("quiet trace: " + sw);

        Quiet loud = new Quiet("loud", new Error("why"), true, true);
        loud.addSuppressed(new RuntimeException("kept"));
        System.out.println(loud + " suppressed=" + loud.getSuppressed().length + " cause=" + loud.getCause());
        sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        // (A trace with suppressed exceptions is left out: m5 prints them without frames.)
        new Quiet("loud", new Error("why"), true, true).printStackTrace(pw);
        pw.flush();
        System.out.print("loud trace: " + sw);

        Quiet noCause = new Quiet(null, null, true, false);
        System.out.println(noCause + " " + noCause.getMessage());
        sw = new StringWriter();
        noCause.printStackTrace(new PrintWriter(sw, true));
        System.out.print("no-cause trace: " + sw);

        sw = new StringWriter();
        make(3).printStackTrace(new PrintWriter(sw));
        System.out.print("deep trace: " + sw);

        System.out.println("mapLibraryName " + System.mapLibraryName("net") + " " + System.mapLibraryName(""));
        try {
            System.mapLibraryName(null);
        } catch (NullPointerException e) {
            System.out.println("mapLibraryName(null) threw " + e.getClass().getName());
        }
        try {
            System.mapLibraryName("x".repeat(241));
        } catch (IllegalArgumentException e) {
            System.out.println("mapLibraryName(241 chars) threw " + e.getMessage());
        }
        System.out.println("mapLibraryName(240 chars) " + System.mapLibraryName("y".repeat(240)).length());
        System.runFinalization();
        System.out.println("runFinalization returned");
        Thread.currentThread().checkAccess();
        Thread t = new Thread(() -> { });
        t.checkAccess();
        System.out.println("checkAccess returned");
    }
}
