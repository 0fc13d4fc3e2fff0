// Two workers each count their own steps up to 3. The claim, with a
// quantifier over threads (proofs/worker-counters.proof): every worker
// thread's counter is at most 3. The twin (classfiles/worker-counters-over)
// counts while `count <= 3`, to 4.
class Worker extends Thread {
    // The steps this worker made.
    int count;

    public void run() {
        while (count < 3) {
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
