// Exercises try/finally: finally on normal/exceptional/return/break/continue paths, return overriding, finally swallowing exceptions, nesting order.
public class Main {
    static StringBuilder log = new StringBuilder();

    @SuppressWarnings("finally")
    static int returnOverride() {
        try {
            return 1;
        } finally {
            return 2;
        }
    }

    static int returnValueSnapshot() {
        int x = 10;
        try {
            return x;
        } finally {
            x = 20;
            log.append("[finally x=" + x + "]");
        }
    }

    @SuppressWarnings("finally")
    static String swallow() {
        try {
            throw new RuntimeException("lost");
        } finally {
            return "swallowed";
        }
    }

    static String replaceException() {
        try {
            try {
                throw new IllegalStateException("original");
            } finally {
                log.append("[inner finally]");
                if (log.length() > 0) throw new IllegalArgumentException("replacement");
            }
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    static int loops() {
        int count = 0;
        for (int i = 0; i < 10; i++) {
            try {
                if (i == 2) continue;
                if (i == 7) break;
                count += 10;
            } finally {
                count++;
            }
        }
        return count;
    }

    static String nested() {
        StringBuilder sb = new StringBuilder();
        try {
            try {
                try {
                    sb.append("a");
                    throw new RuntimeException("x");
                } finally {
                    sb.append("b");
                }
            } catch (RuntimeException e) {
                sb.append("c");
                throw new IllegalStateException("y");
            } finally {
                sb.append("d");
            }
        } catch (IllegalStateException e) {
            sb.append("e");
        } finally {
            sb.append("f");
        }
        return sb.toString();
    }

    static long longFinally(long v) {
        long r = v;
        try {
            r *= 2;
            if (r > 100) throw new IllegalArgumentException();
            return r;
        } catch (IllegalArgumentException e) {
            r = -r;
            return r;
        } finally {
            r = 0;
            log.append("[long finally]");
        }
    }

    static int deepReturn(int n) {
        try {
            if (n == 0) return 0;
            return 1 + deepReturn(n - 1);
        } finally {
            if (n % 5 == 0) log.append("<" + n + ">");
        }
    }

    public static void main(String[] args) {
        System.out.println(returnOverride());
        System.out.println(returnValueSnapshot());
        System.out.println(swallow());
        System.out.println(replaceException());
        System.out.println(loops());
        System.out.println(nested());
        System.out.println(longFinally(10) + " " + longFinally(60));
        System.out.println(deepReturn(20));
        System.out.println(log);
        int k = 0;
        while (true) {
            try {
                k++;
                if (k < 3) continue;
                break;
            } finally {
                System.out.println("finally k=" + k);
            }
        }
        label:
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                try {
                    if (j == 1) continue label;
                    System.out.println("body " + i + "," + j);
                } finally {
                    System.out.println("fin " + i + "," + j);
                }
            }
        }
        synchronized (log) {
            try {
                System.out.println("in sync+try");
            } finally {
                System.out.println("sync finally");
            }
        }
    }
}
