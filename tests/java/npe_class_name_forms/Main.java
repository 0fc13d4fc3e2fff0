// Class names in "Cannot invoke": fully qualified external names ('.' separators, '$' kept for nested
// classes); only exactly java.lang.Object and java.lang.String are shortened. Array receivers print the
// descriptor-style name. invokeinterface and invokespecial (private) behave like invokevirtual.
import java.util.List;
public class Main {
    static void p(String label, Throwable e) { System.out.print(label); System.out.print(": "); System.out.println(e.getMessage()); }
    static void none(String label) { System.out.print(label); System.out.println(": no exception"); }
    private void priv() {}
    class Inner { void foo() {} }
    static class Nested { void bar() {} }
    interface I { void im(); }
    public static void main(String[] args) {
        try { Object o = null; o.hashCode(); none("Object"); } catch (NullPointerException e) { p("Object", e); }
        try { String s = null; s.trim(); none("String"); } catch (NullPointerException e) { p("String", e); }
        try { StringBuilder sb = null; sb.reverse(); none("StringBuilder"); } catch (NullPointerException e) { p("StringBuilder", e); }
        try { Integer i = null; i.byteValue(); none("Integer"); } catch (NullPointerException e) { p("Integer", e); }
        try { List<String> l = null; l.size(); none("interface"); } catch (NullPointerException e) { p("interface", e); }
        try { I i = null; i.im(); none("own interface"); } catch (NullPointerException e) { p("own interface", e); }
        try { Main m = null; m.priv(); none("private"); } catch (NullPointerException e) { p("private", e); }
        try { Inner x = null; x.foo(); none("inner"); } catch (NullPointerException e) { p("inner", e); }
        try { Nested x = null; x.bar(); none("nested"); } catch (NullPointerException e) { p("nested", e); }
        try { pkg.Thing t = null; t.run(); none("package"); } catch (NullPointerException e) { p("package", e); }
        try { pkg.Thing.Nested t = null; t.go(); none("package nested"); } catch (NullPointerException e) { p("package nested", e); }
        try { pkg.Thing.Inner t = null; t.go(); none("package inner"); } catch (NullPointerException e) { p("package inner", e); }
        try { int[] a = null; a.clone(); none("int[] clone"); } catch (NullPointerException e) { p("int[] clone", e); }
        try { String[][] a = null; a.clone(); none("String[][] clone"); } catch (NullPointerException e) { p("String[][] clone", e); }
        try { Object[] a = null; a.getClass(); none("Object[] getClass"); } catch (NullPointerException e) { p("Object[] getClass", e); }
    }
}
