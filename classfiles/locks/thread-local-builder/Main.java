// Two threads, each with its own Builder.
public class Main {
    static int work() {
        Builder b = new Builder();
        for (int i = 0; i < 3; i++) {
            b.add(i);
        }
        return b.result();
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> work());
        t.start();
        int r = work();
        t.join();
        System.out.println(r);
    }
}
