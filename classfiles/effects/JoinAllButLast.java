/** Nondeterministic: the join loop stops one short, so main may read before the last worker wrote. */
public class JoinAllButLast {
    static class Worker extends Thread {
        int result;

        public void run() {
            result = 1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker[] ws = new Worker[2];
        for (int i = 0; i < ws.length; i++) {
            ws[i] = new Worker();
            ws[i].start();
        }
        for (int i = 0; i < ws.length - 1; i++) {
            ws[i].join();
        }
        System.out.println(ws[0].result + ws[1].result);
    }
}
