// Exercises class initialization racing between threads: the static initializer runs exactly once and other threads wait for it to finish.
class Slow {
    static int runs;
    static int value;
    static {
        runs++;
        int v = 0;
        for (int i = 0; i < 20000; i++) v += i % 7;
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
        }
        value = v;
    }
}

class Failing {
    static int attempts;
    static {
        attempts++;
        if (attempts > 0) throw new RuntimeException("fail once");
    }
    static int x;
}

public class Main {
    static final int N = 4;
    static int[] seen = new int[N];
    static String[] failures = new String[N];

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[N];
        for (int i = 0; i < N; i++) {
            final int id = i;
            ts[i] = new Thread() {
                public void run() {
                    int v = Slow.value;
                    String f;
                    try {
                        f = "x=" + Failing.x;
                    } catch (ExceptionInInitializerError e) {
                        f = "EIIE";
                    } catch (NoClassDefFoundError e) {
                        f = "NCDFE";
                    }
                    synchronized (Main.class) {
                        seen[id] = v;
                        failures[id] = f;
                    }
                }
            };
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        boolean allSame = true;
        int eiie = 0, ncdfe = 0;
        for (int i = 0; i < N; i++) {
            if (seen[i] != seen[0]) allSame = false;
            if (failures[i].equals("EIIE")) eiie++;
            if (failures[i].equals("NCDFE")) ncdfe++;
        }
        System.out.println("value " + seen[0] + " allSame " + allSame);
        System.out.println("Slow.runs " + Slow.runs);
        System.out.println("EIIE " + eiie + " NCDFE " + ncdfe);
        try {
            System.out.println(Failing.x);
        } catch (NoClassDefFoundError e) {
            System.out.println("main: NCDFE");
        }
    }
}
