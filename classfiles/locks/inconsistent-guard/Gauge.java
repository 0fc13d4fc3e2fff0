// level is written under the gauge's lock but read without it.
public class Gauge {
    private int level;

    synchronized void set(int v) {
        level = v;
    }

    int peek() {
        return level;
    }

    public static void main(String[] args) throws InterruptedException {
        Gauge g = new Gauge();
        Thread t = new Thread(() -> g.set(7));
        t.start();
        System.out.println(g.peek());
        t.join();
    }
}
