// Exercises deep and mutual recursion and classic algorithms (fib, ackermann, hanoi, gcd, quicksort, n-queens, permutations) as a general workload.
public class Main {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static long fibIter(int n) { long a = 0, b = 1; for (int i = 0; i < n; i++) { long t = a + b; a = b; b = t; } return a; }
    static int ack(int m, int n) { return m == 0 ? n + 1 : (n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1))); }
    static boolean isEven(int n) { return n == 0 || isOdd(n - 1); }
    static boolean isOdd(int n) { return n != 0 && isEven(n - 1); }
    static int hanoiMoves;
    static void hanoi(int n, char from, char to, char via, StringBuilder sb) {
        if (n == 0) return;
        hanoi(n - 1, from, via, to, sb);
        hanoiMoves++;
        if (n >= 4) sb.append(n).append(from).append(to).append(' ');
        hanoi(n - 1, via, to, from, sb);
    }
    static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }
    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

    static void quicksort(int[] a, int lo, int hi) {
        if (lo >= hi) return;
        int p = a[(lo + hi) >>> 1], i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
        }
        quicksort(a, lo, j);
        quicksort(a, i, hi);
    }

    static int queens(int n, int row, int[] cols) {
        if (row == n) return 1;
        int count = 0;
        for (int c = 0; c < n; c++) {
            boolean ok = true;
            for (int r = 0; r < row; r++) {
                if (cols[r] == c || Math.abs(cols[r] - c) == row - r) { ok = false; break; }
            }
            if (ok) { cols[row] = c; count += queens(n, row + 1, cols); }
        }
        return count;
    }

    static void permute(char[] cs, int k, StringBuilder out) {
        if (k == cs.length) { out.append(cs).append(' '); return; }
        for (int i = k; i < cs.length; i++) {
            char t = cs[k]; cs[k] = cs[i]; cs[i] = t;
            permute(cs, k + 1, out);
            t = cs[k]; cs[k] = cs[i]; cs[i] = t;
        }
    }

    public static void main(String[] args) {
        System.out.println("fib(20) = " + fib(20));
        System.out.println("fib(90) = " + fibIter(90));
        System.out.println("ack(2,3) = " + ack(2, 3) + " ack(3,3) = " + ack(3, 3));
        System.out.println(isEven(1000) + " " + isOdd(777) + " " + isEven(555));
        StringBuilder sb = new StringBuilder();
        hanoi(8, 'A', 'C', 'B', sb);
        System.out.println("hanoi moves " + hanoiMoves + ": " + sb);
        System.out.println("gcd " + gcd(1071, 462) + " " + gcd(1L << 40, 6L * 1024 * 1024) + " " + gcd(17, 5));
        System.out.println("depth " + depth(3000));
        int[] arr = new int[200];
        int seed = 42;
        for (int i = 0; i < arr.length; i++) { seed = seed * 1664525 + 1013904223; arr[i] = (seed >> 8) % 1000; }
        quicksort(arr, 0, arr.length - 1);
        boolean sorted = true;
        for (int i = 1; i < arr.length; i++) if (arr[i - 1] > arr[i]) sorted = false;
        System.out.println("sorted " + sorted + " min " + arr[0] + " max " + arr[arr.length - 1] + " median " + arr[100]);
        for (int n = 1; n <= 7; n++) System.out.println("queens(" + n + ") = " + queens(n, 0, new int[n]));
        StringBuilder perms = new StringBuilder();
        permute("abcd".toCharArray(), 0, perms);
        System.out.println(perms);
    }
}
