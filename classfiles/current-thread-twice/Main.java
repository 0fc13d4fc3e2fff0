// Two workers count a step only when Thread.currentThread() is their own
// Thread object (proofs/current-thread.proof: at most one step each). The
// refuted).
class Worker extends Thread {
    int count;

    public void run() {
        if (Thread.currentThread() == this) {
            count += 2;
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
