/*
 * m5's model of java.io.PrintStream: fd 1 = stdout, fd 2 = stderr.
 * All output goes through the native write(String), which holds the
 * stream's monitor as the JDK's writes do (a thread that holds
 * `synchronized (System.out)` blocks other threads' prints); the argument is
 * turned into a String before, outside the monitor, as in the JDK. Each
 * print/println call does exactly one write, so a println line is never
 * split between threads. No autoflush/buffering model: flush() does nothing.
 */
package java.io;

public class PrintStream {
    private final int fd;

    public PrintStream(int fd) {
        this.fd = fd;
    }

    private synchronized native void write(String s);

    public void flush() {
    }

    public void print(boolean b) {
        write(b ? "true" : "false");
    }

    public void print(char c) {
        write(String.valueOf(c));
    }

    public void print(int i) {
        write(String.valueOf(i));
    }

    public void print(long l) {
        write(String.valueOf(l));
    }

    public void print(float f) {
        write(String.valueOf(f));
    }

    public void print(double d) {
        write(String.valueOf(d));
    }

    public void print(char[] s) {
        write(new String(s));
    }

    public void print(String s) {
        write(String.valueOf(s));
    }

    public void print(Object obj) {
        write(String.valueOf(obj));
    }

    public PrintStream printf(String format, Object... args) {
        return format(format, args);
    }

    public PrintStream printf(java.util.Locale l, String format, Object... args) {
        return format(l, format, args);
    }

    public PrintStream format(String format, Object... args) {
        write(String.format(format, args));
        return this;
    }

    public PrintStream format(java.util.Locale l, String format, Object... args) {
        write(String.format(l, format, args));
        return this;
    }

    public void println() {
        write("\n");
    }

    public void println(boolean x) {
        write(x ? "true\n" : "false\n");
    }

    public void println(char x) {
        write(String.valueOf(x).concat("\n"));
    }

    public void println(int x) {
        write(String.valueOf(x).concat("\n"));
    }

    public void println(long x) {
        write(String.valueOf(x).concat("\n"));
    }

    public void println(float x) {
        write(String.valueOf(x).concat("\n"));
    }

    public void println(double x) {
        write(String.valueOf(x).concat("\n"));
    }

    public void println(char[] x) {
        write(new String(x).concat("\n"));
    }

    public void println(String x) {
        write(String.valueOf(x).concat("\n"));
    }

    public void println(Object x) {
        write(String.valueOf(x).concat("\n"));
    }
}
