// A small program whose states hold every kind of value the invariant
// language reads: int, long, char, boolean and reference fields, arrays,
// static fields, threads that are unstarted, running, blocked on a
// monitor and finished, and monitors held more than once. The prover's
// translation of invariant expressions is compared with the concrete
// evaluator on its states (tests/it/expression_agreement.rs).
public class Mixed {
    static int count;
    static long total = -5L;
    static Node head;
    // Arrays in fields, whose element types the invariant's `a[i]` reads by.
    static int[] ints;
    static long[] longs;
    static Node[] nodes;
    static boolean[] bits;

    public static void main(String[] args) throws InterruptedException {
        Node a = new Node(1, 10L);
        Node b = new Node(-2, Long.MIN_VALUE);
        a.next = b;
        b.next = a;
        head = a;
        int[] xs = new int[3];
        xs[1] = Integer.MAX_VALUE;
        Object[] os = new Object[2];
        os[0] = a;
        ints = xs;
        longs = new long[] {Long.MAX_VALUE, -1L};
        nodes = new Node[] {b, null, a};
        bits = new boolean[2];
        bits[1] = true;
        Worker w1 = new Worker(a, 1);
        Worker w2 = new Worker(b, 2);
        Worker idle = new Worker(b, 3);
        w1.start();
        synchronized (a) {
            synchronized (a) {
                count += xs[1];
                total += Integer.MIN_VALUE;
            }
        }
        w2.start();
        w1.join();
        w2.join();
        b.flag = idle.n == b;
        count = count * 3 + os.length;
    }
}

class Node {
    int v;
    long w;
    char c = 'x';
    boolean flag;
    Node next;
    int[] hist = new int[2];

    Node(int v, long w) {
        this.v = v;
        this.w = w;
    }

    synchronized void bump() {
        v++;
        w -= v;
        hist[v & 1] += v;
    }
}

class Worker extends Thread {
    Node n;
    int id;

    Worker(Node n, int id) {
        this.n = n;
        this.id = id;
    }

    public void run() {
        for (int k = 0; k < 3; k++) {
            n.bump();
            synchronized (Mixed.class) {
                Mixed.count += id;
            }
        }
    }
}
