/** Deterministic: workers created in one loop, started in a second and joined by index in a third, up to the count the array was made with. */
public class JoinedByIndex {
    static class Worker extends Thread {
        int done;

        public void run() {
            done = 7;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        final int n = 2;
        Worker[] ws = new Worker[n];
        for (int i = 0; i < n; i++) {
            ws[i] = new Worker();
        }
        for (Worker w : ws) {
            w.start();
        }
        for (int i = 0; i < n; i++) {
            ws[i].join();
        }
        System.out.println(ws[0].done + ws[1].done);
    }
}
