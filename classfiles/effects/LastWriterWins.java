/**
 * Nondeterministic, intended (no data race): two threads write one volatile
 * field; main prints the last write.
 */
public class LastWriterWins {
    static volatile String winner = "none";

    static class Writer extends Thread {
        final String name;

        Writer(String name) {
            this.name = name;
        }

        public void run() {
            winner = name;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Writer("a");
        Thread b = new Writer("b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("winner " + winner);
    }
}
