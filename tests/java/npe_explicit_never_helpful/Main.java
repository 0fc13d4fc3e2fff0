// NPEs created with 'new' never get a helpful message: their backtrace's top frame is the
// invokespecial <init> call site, and a call to a method named <init> is treated as "explicitly
// constructed". The message stays null however and wherever the object is later thrown.
import java.util.Objects;
public class Main {
    static void p(String label, Throwable e) { System.out.print(label); System.out.print(": "); System.out.println(e.getMessage()); }
    static void none(String label) { System.out.print(label); System.out.println(": no exception"); }
    static class MyNPE extends NullPointerException { MyNPE() { super(); } }
    static class NoFill extends NullPointerException {
        public synchronized Throwable fillInStackTrace() { return this; }
    }
    static NullPointerException make() { return new NullPointerException(); }
    static NullPointerException saved = new NullPointerException();
    public static void main(String[] args) {
        try { throw new NullPointerException(); } catch (NullPointerException e) { p("new", e); }
        try { throw new NullPointerException("custom"); } catch (NullPointerException e) { p("new with message", e); }
        try { throw new NullPointerException(null); } catch (NullPointerException e) { p("new with null message", e); }
        try { Objects.requireNonNull(null); } catch (NullPointerException e) { p("requireNonNull", e); }
        try { Objects.requireNonNull(null, "what"); } catch (NullPointerException e) { p("requireNonNull msg", e); }
        try { throw make(); } catch (NullPointerException e) { p("factory", e); }
        try { throw saved; } catch (NullPointerException e) { p("created in <clinit>, thrown later", e); }
        try { throw new MyNPE(); } catch (NullPointerException e) { p("subclass", e); }
        try { throw new NoFill(); } catch (NullPointerException e) { p("subclass without fillInStackTrace", e); }
        NullPointerException early = new NullPointerException();
        try { String s = null; s.length(); } catch (NullPointerException e) { p("real one in between", e); }
        try { throw early; } catch (NullPointerException e) { p("constructed earlier", e); }
    }
}
