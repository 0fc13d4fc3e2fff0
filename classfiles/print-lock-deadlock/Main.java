// PrintStream writes hold the stream's monitor (as in the JDK): a thread
// holding System.out that waits for L, and main holding L while it prints,
// deadlock. m5 once printed without the monitor and said "ok".
public class Main {
    static final Object L = new Object();

    public static void main(String[] args) throws Exception {
        Thread a = new Holder();
        a.start();
        synchronized (L) {
            System.out.println("main in L");
        }
        a.join();
    }
}

class Holder extends Thread {
    public void run() {
        synchronized (System.out) {
            synchronized (Main.L) {
                System.out.print("");
            }
        }
    }
}
