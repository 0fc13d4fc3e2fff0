// NPEs from constructs javac lowers to method calls / hidden temporaries.
import java.util.*;
public class Main {
    static void p(String label, Throwable e) { System.out.print(label); System.out.print(": "); System.out.println(e.getMessage()); }
    static void none(String label) { System.out.print(label); System.out.println(": no exception"); }
    enum Color { RED, GREEN }
    int count; Integer boxed;
    public static void main(String[] args) {
        try { Integer i = null; int x = i; } catch (NullPointerException e) { p("unboxing", e); }
        try { Main m = new Main(); int x = m.boxed + 1; } catch (NullPointerException e) { p("unboxing field", e); }
        try { Long l = null; long x = l * 2; } catch (NullPointerException e) { p("unboxing long", e); }
        try { Boolean b = null; if (b) { none("x"); } } catch (NullPointerException e) { p("unboxing boolean", e); }
        try { List<String> l = null; for (String s : l) { } } catch (NullPointerException e) { p("foreach iterable", e); }
        try { String[] a = null; for (String s : a) { } } catch (NullPointerException e) { p("foreach array", e); }
        try { String s = null; switch (s) { case "a": break; default: } } catch (NullPointerException e) { p("switch string", e); }
        try { Color c = null; switch (c) { case RED: break; default: } } catch (NullPointerException e) { p("switch enum", e); }
        try { Main m = null; m.count++; } catch (NullPointerException e) { p("field increment", e); }
        try { int[] a = null; a[0] += 2; } catch (NullPointerException e) { p("array compound", e); }
        try { long[] a = null; a[1]++; } catch (NullPointerException e) { p("long array increment", e); }
        try { Object o = null; synchronized (o) { } } catch (NullPointerException e) { p("synchronized", e); }
        try { Object o = null; if (o instanceof String) { } none("instanceof"); } catch (NullPointerException e) { p("instanceof", e); }
        try { String s = null; assertLike(s.isEmpty()); } catch (NullPointerException e) { p("argument", e); }
        try { Runnable r = null; r.run(); } catch (NullPointerException e) { p("interface call", e); }
    }
    static void assertLike(boolean b) {}
}
