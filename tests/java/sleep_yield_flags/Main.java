// Exercises Thread.sleep as a yield inside polling loops on synchronized flags (a latch and a barrier built by hand); results printed by main after join.
public class Main {
    static boolean go;
    static int arrived;
    static int[] results = new int[3];

    static synchronized boolean isGo() { return go; }
    static synchronized void setGo() { go = true; }
    static synchronized void arrive() { arrived++; }
    static synchronized int arrivedCount() { return arrived; }

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread() {
                public void run() {
                    arrive();
                    while (!isGo()) {
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    int v = 0;
                    for (int k = 0; k <= 1000 * (id + 1); k++) v += k % 10;
                    synchronized (Main.class) {
                        results[id] = v;
                    }
                }
            };
            ts[i].start();
        }
        while (arrivedCount() < ts.length) Thread.sleep(1);
        System.out.println("all " + arrivedCount() + " arrived, releasing");
        Thread.sleep(0);
        setGo();
        for (Thread t : ts) t.join();
        synchronized (Main.class) {
            for (int i = 0; i < results.length; i++) System.out.println("result " + i + " = " + results[i]);
        }
        long before = 0;
        for (int i = 0; i < 3; i++) {
            Thread.sleep(2);
            before += i;
        }
        System.out.println("slept thrice, " + before);
    }
}
