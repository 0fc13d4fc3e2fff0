// Lambdas: no captures, captured locals, captured `this`; a call site
// that captures nothing gives one object, one that captures a new one.
interface IntOp { int apply(int a, int b); }
interface Counter { int next(); }

public class Main {
    int base = 100;
    static int calls;

    IntOp withBase() {
        return (a, b) -> a + b + base;
    }

    static Counter counterFrom(int start) {
        int[] box = { start };
        return () -> box[0]++;
    }

    public static void main(String[] args) {
        IntOp add = (a, b) -> a + b;
        IntOp sub = (a, b) -> a - b;
        System.out.println(add.apply(3, 4) + " " + sub.apply(3, 4));
        int k = 5;
        long big = 1L << 40;
        String tag = "k=";
        IntOp addk = (a, b) -> a + b + k + (int) (big >> 40);
        System.out.println(tag + addk.apply(1, 2));
        Main m = new Main();
        IntOp wb = m.withBase();
        m.base = 7;
        System.out.println(wb.apply(1, 1));
        Counter c = counterFrom(10);
        c.next();
        c.next();
        System.out.println(c.next());
        Runnable[] rs = new Runnable[3];
        for (int i = 0; i < 3; i++) {
            rs[i] = () -> calls++;
        }
        System.out.println((rs[0] == rs[1]) + " " + (rs[1] == rs[2]));
        IntOp[] cs = new IntOp[2];
        for (int i = 0; i < 2; i++) {
            int j = i;
            cs[i] = (a, b) -> a * j + b;
        }
        System.out.println((cs[0] == cs[1]) + " " + cs[0].apply(5, 1) + " " + cs[1].apply(5, 1));
        for (Runnable r : rs) {
            r.run();
        }
        System.out.println(calls);
        Runnable a1 = () -> {};
        Runnable a2 = () -> {};
        System.out.println(a1 == a2);
        System.out.println(a1.equals(a1) + " " + a1.equals(a2));
        System.out.println(a1 instanceof Runnable);
    }
}
