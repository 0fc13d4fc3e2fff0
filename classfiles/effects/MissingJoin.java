/** A determinism violation: main reads the worker's result without joining it. */
public class MissingJoin {
    static int result;

    static class Work extends Thread {
        public void run() {
            result = 42;
        }
    }

    public static void main(String[] args) {
        new Work().start();
        System.out.println("result " + result);
    }
}
