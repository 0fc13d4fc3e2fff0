// Exercises VM-generated NullPointerExceptions at every site: invokevirtual/interface, getfield/putfield, array ops, monitorenter, athrow, unboxing (messages not printed).
public class Main {
    int field;
    long lfield;
    int get() { return field; }
    interface I { int m(); }

    static String trySite(int k) {
        Main m = null;
        I iface = null;
        int[] arr = null;
        Object lock = null;
        RuntimeException ex = null;
        Long boxed = null;
        String s = null;
        try {
            switch (k) {
                case 0: return "" + m.get();
                case 1: return "" + m.field;
                case 2: m.field = 1; return "stored";
                case 3: m.lfield += 2; return "stored";
                case 4: return "" + iface.m();
                case 5: return "" + arr.length;
                case 6: return "" + arr[0];
                case 7: synchronized (lock) { return "locked"; }
                case 8: throw ex;
                case 9: return "" + (boxed + 1);
                case 10: return "" + s.length();
                case 11: return "" + s.hashCode();
                case 12: return "" + s.equals("x");
                case 13: return "concat ok: " + s;
                default: return "no-op";
            }
        } catch (NullPointerException e) {
            return "NPE";
        }
    }

    public static void main(String[] args) {
        for (int k = 0; k <= 14; k++) System.out.println(k + ": " + trySite(k));
        int npes = 0;
        Main[] ms = {new Main(), null, new Main(), null, null};
        for (int i = 0; i < 1000; i++) {
            try {
                ms[i % 5].field += i;
            } catch (NullPointerException e) {
                npes++;
            }
        }
        System.out.println("npes " + npes + " f0=" + ms[0].field + " f2=" + ms[2].field);
        try {
            Object o = null;
            o.toString();
        } catch (RuntimeException e) {
            System.out.println("caught as RuntimeException: " + (e instanceof NullPointerException));
        }
    }
}
