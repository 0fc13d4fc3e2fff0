// Exercises getfield/putfield/getstatic/putstatic for all types, default values, field hiding, static counters, compound assignment on fields.
class Base {
    int x = 1;
    static String tag = "base-static";
    String who() { return "Base.x=" + x; }
}

class Derived extends Base {
    int x = 2; // hides Base.x
    static String tag = "derived-static";
    String who() { return "Derived.x=" + x + " super.x=" + super.x; }
}

public class Main {
    boolean z;
    byte b;
    char c;
    short s;
    int i;
    long l;
    float f;
    double d;
    String str;
    Main self;

    static boolean sz;
    static byte sb;
    static char sc;
    static short ss;
    static int si;
    static long sl;
    static float sf;
    static double sd;
    static Object so;
    static int counter;
    static final int CONST = 42;
    static final String SCONST = "constant";
    final long finalField;

    Main() { finalField = ++counter * 1000L; }

    public static void main(String[] args) {
        Main m = new Main();
        System.out.println(m.z + " " + m.b + " " + (int) m.c + " " + m.s + " " + m.i + " " + m.l + " " + m.f + " " + m.d + " " + m.str + " " + (m.self == null));
        System.out.println(sz + " " + sb + " " + (int) sc + " " + ss + " " + si + " " + sl + " " + sf + " " + sd + " " + so);
        m.z = true; m.b = -7; m.c = 'q'; m.s = -300; m.i = 123456; m.l = -1L << 40; m.f = 0.75f; m.d = 1e-7; m.str = "s"; m.self = m;
        System.out.println(m.z + " " + m.b + " " + m.c + " " + m.s + " " + m.i + " " + m.l + " " + m.f + " " + m.d + " " + m.str + " " + (m.self == m));
        sz = true; sb = 99; sc = 'Q'; ss = 1234; si = -9; sl = Long.MAX_VALUE; sf = -1.5f; sd = 2.5; so = "static-obj";
        System.out.println(sz + " " + sb + " " + sc + " " + ss + " " + si + " " + sl + " " + sf + " " + sd + " " + so);
        m.i += 10; m.i *= 2; m.i >>= 1; m.i -= 1;
        m.l++; m.l <<= 2;
        m.b += 200;
        m.c += 1;
        m.d /= 2;
        m.self.self.self.i++;
        System.out.println(m.i + " " + m.l + " " + m.b + " " + m.c + " " + m.d);
        si++; si += 100; sl++; sb--; sc++;
        System.out.println(si + " " + sl + " " + sb + " " + sc);
        long v = m.l++ + ++m.l;
        System.out.println(v + " " + m.l);
        int chained;
        chained = m.i = si = 77;
        System.out.println(chained + " " + m.i + " " + si);
        Main m2 = new Main();
        Main m3 = new Main();
        System.out.println(m.finalField + " " + m2.finalField + " " + m3.finalField + " counter=" + counter);
        System.out.println(CONST + " " + SCONST);
        Derived dd = new Derived();
        Base bb = dd;
        System.out.println(bb.x + " " + dd.x + " " + ((Base) dd).x);
        System.out.println(bb.who());
        System.out.println(Base.tag + " " + Derived.tag);
        dd.x = 20;
        bb.x = 10;
        System.out.println(dd.who());
        long sum = 0;
        for (int k = 0; k < 10000; k++) { counter++; sum += counter; }
        System.out.println(counter + " " + sum);
    }
}
