// Race-free: a handoff ordered only by Thread.start and Thread.join. Main
// writes before start, the worker reads and writes, main reads after join.
public class FreeStartJoin {
    static int input;
    static int output;

    static class Worker extends Thread {
        public void run() {
            output = input * 2;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        input = 21;
        Thread t = new Worker();
        t.start();
        t.join();
        System.out.println(output);
    }
}
