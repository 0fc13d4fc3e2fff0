// Two threads write one static field with no synchronization: a
// write/write data race (the program's output does not depend on it).
public class RaceStatic {
    static int last;

    static class Writer extends Thread {
        final int value;

        Writer(int value) {
            this.value = value;
        }

        public void run() {
            last = value;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Writer(1);
        Thread b = new Writer(2);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done");
    }
}
