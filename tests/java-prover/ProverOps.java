// Exercises every instruction family the prover's symbolic step models
// (tests/it/symbolic_agreement.rs compares it with the interpreter at every
// step). No class here has a static initializer, and nothing prints (but the
// report of Dier's uncaught exception), so the
// heap stays small and almost every step is one the prover supports.
//
// `Patched` is rewritten by the test after javac: javac never emits `swap`
// or `nop`, so the test turns the `ineg` of `Patched.sw` into `swap` and the
// `i2b` of `Patched.nop` into `nop` (same stack shapes, so the code stays
// valid; sw(a, b) then computes b - a and nop(a, b) computes a + b).

interface Shape {
    int area();
}

class Box implements Shape {
    int i;
    long l;
    boolean z;
    byte b;
    char c;
    short s;
    Object ref;
    Box next;

    Box() {
    }

    Box(int i, long l) {
        this.i = i;
        this.l = l;
    }

    public int area() {
        return i * 2;
    }

    int get() {
        return i;
    }

    long getL() {
        return l;
    }

    Box self() {
        return this;
    }

    void set(int v) {
        i = v;
    }

    synchronized void inc() {
        i++;
        l += 3;
    }

    synchronized int incAndGet(int d) {
        i += d;
        return i;
    }

    // Throws out of a synchronized method: unwinding releases `this`.
    synchronized int failLocked(int d) {
        i += d;
        if (d > 0) {
            throw new MyEx(d);
        }
        return i;
    }

    // Unwinds two frames (and a static synchronized one's class lock) to
    // the caller's handler.
    static synchronized int failStatic(Box b, int d) {
        return b.failLocked(d) + b.get();
    }

    private int secret() {
        return i + 1;
    }

    int callSecret() {
        return secret();
    }
}

class Sub extends Box {
    int extra;

    Sub(int i) {
        super(i, 7L);
        extra = -i;
    }

    @Override
    public int area() {
        return i * 3 + extra;
    }

    @Override
    int get() {
        return i + 100;
    }
}

class Circle implements Shape {
    int r;

    Circle(int r) {
        this.r = r;
    }

    public int area() {
        return 3 * r * r;
    }
}

class MyEx extends RuntimeException {
    int code;

    MyEx(int code) {
        this.code = code;
    }
}

// Dies of an exception it does not catch (the prover does not follow it).
class Dier extends Thread {
    @Override
    public void run() {
        throw new MyEx(9);
    }
}

class Patched {
    static int sw(int a, int b) {
        return a - (-b);
    }

    static int nop(int a, int b) {
        return a + (byte) b;
    }
}

class Worker extends Thread {
    final Box box;
    final Object lock;
    final int id;
    int done;

    Worker(Box box, Object lock, int id) {
        this.box = box;
        this.lock = lock;
        this.id = id;
    }

    @Override
    public void run() {
        for (int k = 0; k < 12; k++) {
            synchronized (lock) {
                box.i += id;
                box.l -= k;
                synchronized (lock) {
                    box.z = !box.z;
                }
            }
            box.inc();
            ProverOps.counter += box.incAndGet(1) & 3;
            ProverOps.bump(id);
            // A class constant: Box's Class object, made on first use.
            synchronized (Box.class) {
                box.i ^= k;
            }
        }
        done = 1;
    }
}

public class ProverOps {
    static int counter;
    static long lcounter;
    static boolean flag;
    static Object sref;
    static Box sbox;
    static int sink;
    static long lsink;
    static int seed;

    /** Holds the class's lock (its Class object, made on first use). */
    static synchronized int bump(int d) {
        // Long enough that the other threads find the lock taken.
        for (int k = 0; k < 8; k++) {
            counter += d;
        }
        return counter;
    }

    /** A linear congruential generator: operands of every sign and size. */
    static int next() {
        seed = seed * 1103515245 + 12345;
        return seed ^ (seed >>> 16);
    }

    static void randomArith(int n) {
        for (int k = 0; k < n; k++) {
            int a = next() >> (next() & 31);
            int b = next() >> (next() & 31);
            long x = ((long) next() << 32 | (next() & 0xffffffffL)) >> (next() & 63);
            long y = ((long) next() << 32 | (next() & 0xffffffffL)) >> (next() & 63);
            sink += ints(a, b) + ints(a, 7) + ints(-a, -3);
            lsink += longs(x, y, next()) + longs(x, 5L, next()) + longs(-x, -9L, next() >> 28);
            sink += branches(a, b, null, null) + switches(a & 7) + switches(b);
        }
    }

    static int ints(int a, int b) {
        int r = a + b;
        r = r - a * b;
        r ^= a | b;
        r += a & ~b;
        r += -a;
        r += a / (b == 0 ? 1 : b);
        r += a % (b == 0 ? 1 : b);
        r += a << b;
        r += a >> b;
        r += a >>> b;
        r += a << 33;
        r += a >> -1;
        r += (byte) r + (char) r + (short) r;
        int big = 100000;
        int mid = 1000;
        int small = 100;
        int m1 = -1;
        r += big + mid + small + m1 + 0 + 1 + 2 + 3 + 4 + 5;
        r += Integer.MIN_VALUE / m1;
        r += Integer.MIN_VALUE % m1;
        int x = r;
        x += 7;
        x += 200;
        x += 70000;
        x -= 1;
        try {
            r += a / (b - b);
        } catch (ArithmeticException e) {
            r += 1;
        }
        try {
            r += a % (b - b);
        } catch (ArithmeticException e) {
            r += 2;
        }
        return r + x;
    }

    static long longs(long a, long b, int sh) {
        long r = a + b;
        r = r - a * b;
        r ^= a | b;
        r += a & ~b;
        r += -a;
        r += a / (b == 0 ? 1 : b);
        r += a % (b == 0 ? 1 : b);
        r += a << sh;
        r += a >> sh;
        r += a >>> sh;
        r += a << 65;
        r += a >> -1;
        r += 0L + 1L + 123456789012345L + -98765432109L;
        r += Long.MIN_VALUE / -1L;
        r += Long.MIN_VALUE % -1L;
        int i = (int) r;
        long back = i;
        r += back;
        r += (a < b ? 1 : 0) + (a == b ? 2 : 0) + (a > b ? 4 : 0);
        try {
            r += a / (b - b);
        } catch (ArithmeticException e) {
            r += 1;
        }
        try {
            r += a % (b - b);
        } catch (ArithmeticException e) {
            r += 2;
        }
        return r;
    }

    static int branches(int a, int b, Object p, Object q) {
        int r = 0;
        if (a == 0) r += 1;
        if (a != 0) r += 2;
        if (a < 0) r += 3;
        if (a >= 0) r += 4;
        if (a > 0) r += 5;
        if (a <= 0) r += 6;
        if (a == b) r += 7;
        if (a != b) r += 8;
        if (a < b) r += 9;
        if (a >= b) r += 10;
        if (a > b) r += 11;
        if (a <= b) r += 12;
        if (p == q) r += 13;
        if (p != q) r += 14;
        if (p == null) r += 15;
        if (p != null) r += 16;
        boolean t = a > b;
        if (t) r += 17;
        if (!t) r += 18;
        return r;
    }

    static int switches(int k) {
        int r;
        switch (k) {
            case 0: r = 10; break;
            case 1: r = 11; break;
            case 2: r = 12; break;
            case 3: r = 13; break;
            case 4: r = 14; break;
            default: r = -1;
        }
        switch (k * 1000) {
            case -5000: r += 1; break;
            case 0: r += 2; break;
            case 3000: r += 3; break;
            case 1000000: r += 4; break;
            default: r += 5;
        }
        return r;
    }

    static long stackOps(Box o, long[] la, int[] ia, int k) {
        long a = (o.l = 5L + k);   // dup2_x1
        long b = (la[k] = 6L + k); // dup2_x2
        long c = lcounter++;       // dup2
        la[k] += 1;                // dup2 (two ints)
        int d = (o.i = 3 + k);     // dup_x1
        int e = (ia[k] = 4 + k);   // dup_x2
        long f = o.l++;            // dup2_x1
        o.get();                   // pop
        o.getL();                  // pop2
        return a + b + c + d + e + f + ia.length + la.length;
    }

    static int fields(Box o) {
        o.i = 42;
        o.l = -9000000000L;
        o.z = true;
        o.b = (byte) 200;
        o.c = (char) 70000;
        o.s = (short) -40000;
        o.ref = o;
        o.next = new Box(1, 2L);
        int r = o.i + (int) o.l + (o.z ? 1 : 0) + o.b + o.c + o.s;
        if (o.ref == o) r++;
        r += o.next.i;
        counter = r;
        lcounter = o.l;
        flag = !flag;
        sref = o.next;
        sbox = o;
        r += counter + (int) lcounter + (flag ? 1 : 0) + (sref == null ? 0 : 1) + sbox.i;
        return r;
    }

    static int types(Object o, Object arr) {
        int r = 0;
        if (o instanceof Box) r += 1;
        if (o instanceof Sub) r += 2;
        if (o instanceof Shape) r += 4;
        if (o instanceof Circle) r += 8;
        if (arr instanceof Object) r += 16;
        Object n = null;
        if (n instanceof Box) r += 32;
        Box bx = (Box) o;
        Box nb = (Box) n;
        Shape sh = (Shape) o;
        r += bx.i + sh.area() + (nb == null ? 1 : 0);
        try {
            Sub s = (Sub) o;
            r += s.extra;
        } catch (ClassCastException e) {
            r += 64;
        }
        return r;
    }

    static int calls(Shape[] shapes, Box b, Sub s) {
        int r = 0;
        for (int i = 0; i < shapes.length; i++) {
            r += shapes[i].area();
        }
        r += b.get() + s.get() + b.callSecret() + s.callSecret();
        Box bs = s;
        r += bs.get() + bs.area();
        r += b.self().i;
        b.set(r & 0xff);
        b.inc();
        r += b.incAndGet(2);
        return r + Patched.sw(10, 3) + Patched.nop(5, 4);
    }

    static int exceptions(Box o) {
        int r = 0;
        Box n = null;
        try {
            r += n.i;
        } catch (NullPointerException e) {
            r += 1;
        }
        try {
            n.l = 3L;
        } catch (NullPointerException e) {
            r += 2;
        }
        try {
            r += n.get();
        } catch (NullPointerException e) {
            r += 4;
        }
        try {
            synchronized (n) {
                r += 100;
            }
        } catch (NullPointerException e) {
            r += 8;
        }
        try {
            throw new MyEx(5);
        } catch (MyEx e) {
            r += e.code;
        }
        try {
            r += o.failLocked(1);
        } catch (MyEx e) {
            r += e.code;
        }
        try {
            r += Box.failStatic(o, 2);
        } catch (MyEx e) {
            r += e.code;
        }
        try {
            // Caught by the handler of the synchronized block first, which
            // rethrows after monitorexit.
            synchronized (o) {
                r += n.i;
            }
        } catch (NullPointerException e) {
            r += 3;
        }
        try {
            RuntimeException re = null;
            throw re;
        } catch (NullPointerException e) {
            r += 16;
        }
        try {
            int[] a = null;
            r += a.length;
        } catch (NullPointerException e) {
            r += 32;
        }
        // Array exceptions, and the narrowing of byte, char and short stores.
        try {
            Object[] objs = new Box[2];
            objs[1] = o;
            objs[0] = "not a Box";
        } catch (ArrayStoreException e) {
            r += 64;
        }
        try {
            r += new int[o.i - 1000000].length;
        } catch (NegativeArraySizeException e) {
            r += 128;
        }
        try {
            r += new long[Integer.MAX_VALUE - 1].length;
        } catch (OutOfMemoryError e) {
            r += 256;
        }
        try {
            r += new long[1 << 29].length;
        } catch (OutOfMemoryError e) {
            r += 512;
        }
        byte[] bs = new byte[2];
        char[] cs = new char[2];
        short[] ss = new short[2];
        boolean[] zs = new boolean[2];
        Object[] os = new Object[3];
        bs[1] = (byte) (o.i * 77);
        cs[1] = (char) (o.i * -1000);
        ss[1] = (short) (o.i * 40000);
        zs[1] = o.i > 2;
        os[0] = bs;
        os[1] = o;
        os[2] = "s";
        r += bs[1] + cs[1] + ss[1] + (zs[1] ? 1 : 0) + (os[0] == bs ? 1 : 0);
        try {
            r += os[3].hashCode();
        } catch (ArrayIndexOutOfBoundsException e) {
            r += 1024;
        }
        return r;
    }

    static int monitors(Object lock, Box o) {
        int r = 0;
        synchronized (lock) {
            r += o.i;
            synchronized (o) {
                synchronized (lock) {
                    r += 1;
                }
            }
        }
        return r;
    }

    public static void main(String[] args) {
        Box o = new Box();
        Sub s = new Sub(4);
        Object lock = new Object();
        long[] la = new long[3];
        int[] ia = new int[3];
        int acc = 0;
        // The workers contend with main for `lock` and for `o`'s monitor
        // (Box.inc and Box.incAndGet are synchronized).
        Worker w1 = new Worker(o, lock, 1);
        Worker w2 = new Worker(o, lock, 2);
        w1.start();
        w2.start();
        new Dier().start();
        try {
            w1.start();
        } catch (IllegalThreadStateException e) {
            acc += 1;
        }
        for (int round = 0; round < 2; round++) {
            int a = round * 7 - 5;
            int b = round - 1;
            acc += monitors(lock, o);
            acc += ints(a, b);
            acc += ints(Integer.MIN_VALUE, -1);
            lsink += longs(a * 1000000007L, b, round * 31 + 3);
            lsink += longs(Long.MIN_VALUE, -1L, 64);
            acc += monitors(lock, o);
            acc += branches(a, b, o, round == 1 ? o : null);
            acc += branches(b, a, null, s);
            acc += switches(round + 1);
            acc += switches(round * 4 - 5);
            lsink += stackOps(o, la, ia, round);
            acc += fields(round == 2 ? s : o);
            acc += types(round == 0 ? o : s, ia);
            acc += types(new Box(3, 1L), la);
            Shape[] shapes = {o, s, new Circle(round)};
            acc += calls(shapes, o, s);
            acc += exceptions(o);
            acc += monitors(lock, o);
            o.inc();
            acc += bump(round);
            sref = round == 1 ? Circle.class : Box.class;
        }
        seed = acc;
        randomArith(3);
        while (w1.done + w2.done < 2) {
            acc += o.incAndGet(0) & 1;
        }
        sink = acc;
    }
}
