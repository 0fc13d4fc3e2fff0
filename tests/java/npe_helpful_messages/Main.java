// One program, many helpful-NPE messages (compile WITHOUT -g; no lambdas, no string concatenation,
// no reflection, so it only needs plain bytecodes). Each line: LABEL: getMessage().
import java.util.*;

public class Main {
    static void p(String label, Throwable e) { System.out.print(label); System.out.print(": "); System.out.println(e.getMessage()); }

    // ----- fixtures -----
    String f; Main next; int n; long l; double d; int[] arr; Object lock; Integer boxed; int idx = 1;
    String[] farr = new String[3];
    static String sf; static Main sm; static String[] sarr = new String[3]; static RuntimeException sre;
    static Main o1 = new Main(), o2 = new Main();
    class Inner { void foo() {} void g() { f.length(); } }
    static class Nested { static String ns; void bar() {} }
    interface Iface { void im(); }
    enum Color { RED, GREEN }
    private void priv() {}

    void prims(boolean z, byte b, char c, short s, int i, long j, float fl, double db) {}
    void objs(Object a, String b, StringBuilder c, Integer e, CharSequence g, Map<String, Integer> h, Inner k) {}
    void arrays(int[] a, long[][] b, String[] c, Object[][] d, Inner[] e) {}

    static String sNull() { return null; }
    static String sArgs(int a, String b, long c) { return null; }
    String iNull() { return null; }
    static Main sMain() { return new Main(); }
    static String[] sArr() { return new String[2]; }
    static int zero() { return 0; }
    static RuntimeException mkNull() { return null; }

    // ----- parameter numbering (static: params start at slot 0; instance: slot 1) -----
    static void s1(String a) { a.length(); }
    static void s2(long a, String b) { b.length(); }
    static void s4(double d, int i, long l, String s) { s.length(); }
    void i3(long a, double b, String c) { c.length(); }
    static void localAfterLong(long a) { String s = null; s.length(); }
    static void reassigned(String a) { a = null; a.length(); }
    static void reassignedOnOtherPath(String a, boolean c) { if (c) a = null; a.length(); }
    static void iincIsNotAStore(int i, String[] a) { i++; a[i].length(); }
    static void slot63(int p0, int p1, int p2, int p3, int p4, int p5, int p6, int p7, int p8, int p9, int p10, int p11, int p12, int p13, int p14, int p15, int p16, int p17, int p18, int p19, int p20, int p21, int p22, int p23, int p24, int p25, int p26, int p27, int p28, int p29, int p30, int p31, int p32, int p33, int p34, int p35, int p36, int p37, int p38, int p39, int p40, int p41, int p42, int p43, int p44, int p45, int p46, int p47, int p48, int p49, int p50, int p51, int p52, int p53, int p54, int p55, int p56, int p57, int p58, int p59, int p60, int p61, int p62, String s) { s.length(); }
    static void slot64(int p0, int p1, int p2, int p3, int p4, int p5, int p6, int p7, int p8, int p9, int p10, int p11, int p12, int p13, int p14, int p15, int p16, int p17, int p18, int p19, int p20, int p21, int p22, int p23, int p24, int p25, int p26, int p27, int p28, int p29, int p30, int p31, int p32, int p33, int p34, int p35, int p36, int p37, int p38, int p39, int p40, int p41, int p42, int p43, int p44, int p45, int p46, int p47, int p48, int p49, int p50, int p51, int p52, int p53, int p54, int p55, int p56, int p57, int p58, int p59, int p60, int p61, int p62, int p63, String s) { s.length(); }

    // ----- this / fields -----
    void thisField() { f.length(); }
    void thisChain() { next.next.f.length(); }
    void thisArr() { arr[0] = 1; }
    void syncField() { synchronized (lock) { System.out.println("unreachable"); } }

    // ----- control flow -----
    static void merges(boolean c, String a, String b) {
        try { (c ? a : b).length(); } catch (NullPointerException e) { p("merge: ternary", e); }
        try { (c ? o1 : o2).f.length(); } catch (NullPointerException e) { p("merge: field of merged receiver", e); }
        try { String s = c ? a : b; s.length(); } catch (NullPointerException e) { p("merge: via local", e); }
        try { a.substring(c ? 1 : 2); } catch (NullPointerException e) { p("merge: receiver pushed before branch", e); }
        try { String[] r = new String[3]; r[c ? 1 : 2].length(); } catch (NullPointerException e) { p("merge: index from merge", e); }
    }
    static void thrower() { throw new RuntimeException("boom"); }
    static void inCatch(String s) { s = null; try { thrower(); } catch (RuntimeException e) { s.length(); } }
    static void outsideCatch(String s) { s = null; try { thrower(); } catch (RuntimeException e) { } s.length(); }
    static void backEdge(String s) { for (int i = 0; i < 2; i++) { if (i == 1) s.length(); s = null; } }
    static NullPointerException catchOne() { try { String s = null; s.length(); } catch (NullPointerException e) { return e; } return null; }
    static void refillElsewhere(NullPointerException e) { e.fillInStackTrace(); }
    static NullPointerException savedExplicit = new NullPointerException();

    public static void main(String[] args) {
        // --- actions ---
        try { String s = null; s.length(); } catch (NullPointerException e) { p("invokevirtual", e); }
        try { List<String> x = null; x.size(); } catch (NullPointerException e) { p("invokeinterface", e); }
        try { Main m = null; m.priv(); } catch (NullPointerException e) { p("invokespecial private", e); }
        try { Main m = null; System.out.println(m.f); } catch (NullPointerException e) { p("getfield", e); }
        try { Main m = null; m.l = 5L; } catch (NullPointerException e) { p("putfield long", e); }
        try { Main m = null; m.n = 5; } catch (NullPointerException e) { p("putfield int", e); }
        try { int[] a = null; int x = a.length; } catch (NullPointerException e) { p("arraylength", e); }
        try { throw null; } catch (NullPointerException e) { p("athrow null", e); }
        try { throw sre; } catch (NullPointerException e) { p("athrow static", e); }
        try { throw mkNull(); } catch (NullPointerException e) { p("athrow call", e); }
        try { Object o = null; synchronized (o) { System.out.println("unreachable"); } } catch (NullPointerException e) { p("monitorenter", e); }
        try { new Main().syncField(); } catch (NullPointerException e) { p("monitorenter field", e); }
        try { int[] a = null; int x = a[0]; } catch (NullPointerException e) { p("iaload", e); }
        try { long[] a = null; long x = a[0]; } catch (NullPointerException e) { p("laload", e); }
        try { float[] a = null; float x = a[0]; } catch (NullPointerException e) { p("faload", e); }
        try { double[] a = null; double x = a[0]; } catch (NullPointerException e) { p("daload", e); }
        try { Object[] a = null; Object x = a[0]; } catch (NullPointerException e) { p("aaload", e); }
        try { byte[] a = null; byte x = a[0]; } catch (NullPointerException e) { p("baload byte", e); }
        try { boolean[] a = null; boolean x = a[0]; } catch (NullPointerException e) { p("baload boolean", e); }
        try { char[] a = null; char x = a[0]; } catch (NullPointerException e) { p("caload", e); }
        try { short[] a = null; short x = a[0]; } catch (NullPointerException e) { p("saload", e); }
        try { int[] a = null; a[0] = 1; } catch (NullPointerException e) { p("iastore", e); }
        try { long[] a = null; a[0] = 1L; } catch (NullPointerException e) { p("lastore", e); }
        try { float[] a = null; a[0] = 1f; } catch (NullPointerException e) { p("fastore", e); }
        try { double[] a = null; a[0] = 1d; } catch (NullPointerException e) { p("dastore", e); }
        try { Object[] a = null; a[0] = "x"; } catch (NullPointerException e) { p("aastore", e); }
        try { byte[] a = null; a[0] = 1; } catch (NullPointerException e) { p("bastore byte", e); }
        try { boolean[] a = null; a[0] = true; } catch (NullPointerException e) { p("bastore boolean", e); }
        try { char[] a = null; a[0] = 'c'; } catch (NullPointerException e) { p("castore", e); }
        try { short[] a = null; a[0] = 1; } catch (NullPointerException e) { p("sastore", e); }

        // --- method / class name formatting ---
        try { Object o = null; o.hashCode(); } catch (NullPointerException e) { p("name: Object", e); }
        try { StringBuilder sb = null; sb.reverse(); } catch (NullPointerException e) { p("name: StringBuilder", e); }
        try { Inner x = null; x.foo(); } catch (NullPointerException e) { p("name: inner", e); }
        try { Nested x = null; x.bar(); } catch (NullPointerException e) { p("name: nested", e); }
        try { Iface x = null; x.im(); } catch (NullPointerException e) { p("name: own interface", e); }
        try { int[] a = null; a.clone(); } catch (NullPointerException e) { p("name: int[] clone", e); }
        try { String[][] a = null; a.clone(); } catch (NullPointerException e) { p("name: String[][] clone", e); }
        Main nm = null;
        try { nm.prims(false, (byte) 0, 'c', (short) 0, 0, 0L, 0f, 0d); } catch (NullPointerException e) { p("params: primitives", e); }
        try { nm.objs(null, null, null, null, null, null, null); } catch (NullPointerException e) { p("params: objects", e); }
        try { nm.arrays(null, null, null, null, null); } catch (NullPointerException e) { p("params: arrays", e); }

        // --- origins ---
        try { sf.length(); } catch (NullPointerException e) { p("origin: getstatic", e); }
        try { Nested.ns.length(); } catch (NullPointerException e) { p("origin: getstatic nested", e); }
        try { sm.f.length(); } catch (NullPointerException e) { p("origin: static receiver", e); }
        try { Main m = new Main(); m.next.f.length(); } catch (NullPointerException e) { p("origin: field chain", e); }
        try { new Main().f.length(); } catch (NullPointerException e) { p("origin: field of new", e); }
        try { sNull().length(); } catch (NullPointerException e) { p("origin: static call", e); }
        try { sArgs(1, "x", 2L).length(); } catch (NullPointerException e) { p("origin: call with args", e); }
        try { new Main().iNull().length(); } catch (NullPointerException e) { p("origin: virtual call", e); }
        try { Map<String, String> m = new HashMap<>(); m.get("k").length(); } catch (NullPointerException e) { p("origin: interface call", e); }
        try { sMain().f.length(); } catch (NullPointerException e) { p("origin: field of call", e); }
        try { sArr()[1].length(); } catch (NullPointerException e) { p("origin: element of call", e); }
        try { Object o = null; ((String) o).length(); } catch (NullPointerException e) { p("origin: checkcast", e); }

        String[] a = new String[2000];
        int i = 3;
        int[] ix = new int[4];
        String[][] mm = new String[3][3];
        Main o = new Main();
        try { a[0].length(); } catch (NullPointerException e) { p("index: iconst", e); }
        try { a[100].length(); } catch (NullPointerException e) { p("index: bipush", e); }
        try { a[1000].length(); } catch (NullPointerException e) { p("index: sipush", e); }
        try { a[i].length(); } catch (NullPointerException e) { p("index: local", e); }
        try { a[i + 1].length(); } catch (NullPointerException e) { p("index: arithmetic", e); }
        try { a[zero()].length(); } catch (NullPointerException e) { p("index: call", e); }
        try { a[o.idx].length(); } catch (NullPointerException e) { p("index: field", e); }
        try { a[ix[2]].length(); } catch (NullPointerException e) { p("index: element", e); }
        try { mm[1][2].length(); } catch (NullPointerException e) { p("index: 2d", e); }
        try { sarr[2].length(); } catch (NullPointerException e) { p("index: static array", e); }
        try { o.farr[2].length(); } catch (NullPointerException e) { p("index: field array", e); }
        try { (new String[2][2])[1][0].length(); } catch (NullPointerException e) { p("index: new array", e); }
        String[][] half = new String[2][];
        try { half[1][0] = "x"; } catch (NullPointerException e) { p("index: store into null row", e); }

        // --- depth limit ---
        Main d = new Main();
        d.next = new Main(); d.next.next = new Main(); d.next.next.next = new Main(); d.next.next.next.next = new Main();
        try { d.next.next.next.f.length(); } catch (NullPointerException e) { p("depth: 4 fields", e); }
        try { d.next.next.next.next.f.length(); } catch (NullPointerException e) { p("depth: 5 fields", e); }
        try { d.next.next.next.next.next.f.length(); } catch (NullPointerException e) { p("depth: 6 fields", e); }
        String[][][][][] a5 = new String[1][1][1][1][1];
        try { a5[0][0][0][0][0].length(); } catch (NullPointerException e) { p("depth: 5 arrays", e); }

        // --- parameters / locals ---
        try { s1(null); } catch (NullPointerException e) { p("param: s1", e); }
        try { s2(0L, null); } catch (NullPointerException e) { p("param: s2 after long", e); }
        try { s4(0d, 0, 0L, null); } catch (NullPointerException e) { p("param: s4", e); }
        try { new Main().i3(0L, 0d, null); } catch (NullPointerException e) { p("param: instance", e); }
        try { localAfterLong(0L); } catch (NullPointerException e) { p("param: local after long", e); }
        try { reassigned("x"); } catch (NullPointerException e) { p("param: reassigned", e); }
        try { reassignedOnOtherPath(null, false); } catch (NullPointerException e) { p("param: reassigned on other path", e); }
        try { iincIsNotAStore(0, new String[2]); } catch (NullPointerException e) { p("param: iinc", e); }
        try { slot63(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null); } catch (NullPointerException e) { p("param: slot 63", e); }
        try { slot64(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null); } catch (NullPointerException e) { p("param: slot 64", e); }

        // --- this ---
        Main t = new Main();
        try { t.thisField(); } catch (NullPointerException e) { p("this: field", e); }
        t.next = new Main();
        try { t.thisChain(); } catch (NullPointerException e) { p("this: chain", e); }
        try { t.thisArr(); } catch (NullPointerException e) { p("this: array field", e); }
        try { t.new Inner().g(); } catch (NullPointerException e) { p("this: inner class outer field", e); }

        // --- control flow ---
        merges(true, null, null);
        try { inCatch("x"); } catch (NullPointerException e) { p("handler: in catch", e); }
        try { outsideCatch("x"); } catch (NullPointerException e) { p("handler: after catch", e); }
        try { backEdge("x"); } catch (NullPointerException e) { p("loop: back edge", e); }

        // --- desugaring ---
        try { Integer b = null; int x = b; } catch (NullPointerException e) { p("sugar: unboxing", e); }
        try { List<String> x = null; for (String s : x) { } } catch (NullPointerException e) { p("sugar: foreach iterable", e); }
        try { String[] x = null; for (String s : x) { } } catch (NullPointerException e) { p("sugar: foreach array", e); }
        try { String s = null; switch (s) { case "a": break; default: } } catch (NullPointerException e) { p("sugar: switch string", e); }
        try { Color c = null; switch (c) { case RED: break; default: } } catch (NullPointerException e) { p("sugar: switch enum", e); }
        try { Main m = null; m.n++; } catch (NullPointerException e) { p("sugar: field increment", e); }

        // --- no helpful message ---
        try { throw new NullPointerException(); } catch (NullPointerException e) { p("none: new NPE()", e); }
        try { throw new NullPointerException("custom"); } catch (NullPointerException e) { p("none: new NPE(msg)", e); }
        try { Objects.requireNonNull(null); } catch (NullPointerException e) { p("none: requireNonNull", e); }
        try { throw savedExplicit; } catch (NullPointerException e) { p("none: created earlier, thrown later", e); }
        try { System.arraycopy(null, 0, new int[1], 0, 1); } catch (NullPointerException e) { p("none: native arraycopy", e); }

        // --- laziness ---
        NullPointerException r = catchOne();
        refillElsewhere(r);
        p("lazy: refilled before first getMessage", r);
    }
}
