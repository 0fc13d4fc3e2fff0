// Exercises string identity: literals and compile-time constant expressions are interned (==), runtime-built strings are not until intern().
public class Main {
    static final String A = "hel";
    static final String B = "lo";
    static String nonFinal = "lo";

    static String passThrough(String s) { return s; }

    public static void main(String[] args) {
        String lit = "hello";
        String lit2 = "hello";
        String folded = "hel" + "lo";
        String foldedConst = A + B;
        String runtime = A + nonFinal;
        StringBuilder sb = new StringBuilder();
        sb.append("hel").append("lo");
        String built = sb.toString();
        System.out.println(lit == lit2);
        System.out.println(lit == folded);
        System.out.println(lit == foldedConst);
        System.out.println(lit == runtime);
        System.out.println(lit.equals(runtime));
        System.out.println(lit == built);
        System.out.println(lit == built.intern());
        System.out.println(runtime.intern() == built.intern());
        System.out.println(lit == passThrough("hello"));
        System.out.println(Other.greeting() == lit);
        System.out.println(Other.FIELD == lit);
        String sub = lit.substring(0);
        System.out.println("substring(0) same content: " + sub.equals(lit));
        String part = lit.substring(1, 3);
        System.out.println(part == "el");
        System.out.println(part.intern() == "el");
        String fresh = new StringBuilder("unique-").append(42).toString();
        String interned = fresh.intern();
        System.out.println(interned == fresh);
        System.out.println("unique-42" == interned);
        String v = String.valueOf(7);
        System.out.println(v.equals("7") + " " + (v.intern() == "7"));
        String e1 = "";
        String e2 = new StringBuilder().toString();
        System.out.println(e1.equals(e2) + " " + (e1 == e2.intern()));
        int hits = 0;
        for (int i = 0; i < 100; i++) {
            String k = ("k" + (i % 5)).intern();
            if (k == "k3") hits++;
        }
        System.out.println("hits " + hits);
    }
}

class Other {
    static final String FIELD = "hello";
    static String greeting() { return "hello"; }
}
