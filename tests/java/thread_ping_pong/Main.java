// Exercises strict turn-taking between threads with wait/notifyAll on a shared monitor; printing is ordered by the turn variable so output is deterministic.
public class Main {
    static final Object lock = new Object();
    static int turn = 0;          // which of the 3 players may act
    static final int PLAYERS = 3;
    static final int ROUNDS = 5;

    static class Player extends Thread {
        final int id;
        final String word;
        Player(int id, String word) { this.id = id; this.word = word; }
        public void run() {
            for (int r = 0; r < ROUNDS; r++) {
                synchronized (lock) {
                    while (turn % PLAYERS != id) {
                        try {
                            lock.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    System.out.println("round " + r + ": " + word + " (turn " + turn + ")");
                    turn++;
                    lock.notifyAll();
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Player[] ps = {new Player(2, "pong"), new Player(0, "ping"), new Player(1, "pang")};
        for (Player p : ps) p.start();
        for (Player p : ps) p.join();
        System.out.println("final turn " + turn);
        // main also takes part in a two-party handshake with a helper
        final int[] box = new int[1];
        Thread helper = new Thread() {
            public void run() {
                for (int i = 0; i < 5; i++) {
                    synchronized (box) {
                        while (box[0] % 2 == 0) {
                            try { box.wait(); } catch (InterruptedException e) { return; }
                        }
                        System.out.println("helper sees " + box[0]);
                        box[0]++;
                        box.notifyAll();
                    }
                }
            }
        };
        helper.start();
        for (int i = 0; i < 5; i++) {
            synchronized (box) {
                while (box[0] % 2 == 1) box.wait();
                System.out.println("main sees " + box[0]);
                box[0]++;
                box.notifyAll();
            }
        }
        helper.join();
        System.out.println("handshake done at " + box[0]);
    }
}
