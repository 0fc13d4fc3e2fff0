/** Deterministic: main publishes input through start and reads the result after join. */
public class StartJoinPublish {
    static int[] input;
    static long result;

    static class Squares extends Thread {
        public void run() {
            long s = 0;
            for (int x : input) {
                s += (long) x * x;
            }
            result = s;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        input = new int[] {3, 4, 12};
        Thread t = new Squares();
        t.start();
        t.join();
        System.out.println("result " + result);
    }
}
