// A lock-order deadlock: one thread locks A then B, the other B then A.
class Worker extends Thread {
    final Object first;
    final Object second;

    Worker(Object first, Object second) {
        this.first = first;
        this.second = second;
    }

    public void run() {
        synchronized (first) {
            synchronized (second) {
                System.out.println("got both");
            }
        }
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        Object a = new Object();
        Object b = new Object();
        Worker w1 = new Worker(a, b);
        Worker w2 = new Worker(b, a);
        w1.start();
        w2.start();
        w1.join();
        w2.join();
    }
}
