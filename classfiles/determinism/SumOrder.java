// Deterministic: two threads add to a total under one monitor; whatever
// the order, main prints the same sum after joining them.
public class SumOrder {
    static final Object lock = new Object();
    static int total;

    static class Adder extends Thread {
        final int amount;

        Adder(int amount) {
            this.amount = amount;
        }

        public void run() {
            synchronized (lock) {
                total = total + amount;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Adder(1);
        Thread b = new Adder(2);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("total: " + total);
    }
}
