// Lambda bodies are ordinary synthetic methods of the enclosing class (static unless they use this);
// captured variables become the leading parameters.
import java.util.function.*;
public class Main {
    static void p(String label, Throwable e) { System.out.print(label); System.out.print(": "); System.out.println(e.getMessage()); }
    static void none(String label) { System.out.print(label); System.out.println(": no exception"); }
    String f;
    void inst() {
        Supplier<Integer> s = () -> f.length();
        s.get();
    }
    public static void main(String[] args) {
        try { Function<String, Integer> fn = s -> s.length(); fn.apply(null); } catch (NullPointerException e) { p("param", e); }
        try { String cap = null; Supplier<Integer> s = () -> cap.length(); s.get(); } catch (NullPointerException e) { p("captured", e); }
        try { String cap = "x"; Function<String, Integer> fn = s -> s.length() + cap.length(); fn.apply(null); } catch (NullPointerException e) { p("captured + param", e); }
        try { new Main().inst(); } catch (NullPointerException e) { p("instance lambda", e); }
        try { BiFunction<Long, String, Integer> fn = (l, s) -> s.length(); fn.apply(1L, null); } catch (NullPointerException e) { p("boxed long param", e); }
    }
}
