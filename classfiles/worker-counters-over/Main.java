// The bug twin of classfiles/worker-counters: each worker counts while
// `count <= 3`, to 4, so "every worker thread's counter is at most 3"
// (proofs/worker-counters-over.proof) is refuted with a witness.
class Worker extends Thread {
    // The steps this worker made.
    int count;

    public void run() {
        while (count <= 3) {
            count++;
        }
    }
}

public class Main {
    public static void main(String[] args) {
        Worker a = new Worker();
        Worker b = new Worker();
        a.start();
        b.start();
    }
}
