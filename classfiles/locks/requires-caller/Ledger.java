// post writes total without locking; every caller holds the ledger's lock,
// so post requires this and total is guarded by this.
public class Ledger {
    private int total;

    private void post(int amount) {
        total += amount;
    }

    synchronized void credit(int amount) {
        post(amount);
    }

    synchronized void debit(int amount) {
        post(-amount);
    }

    synchronized int balance() {
        return total;
    }

    public static void main(String[] args) throws InterruptedException {
        Ledger l = new Ledger();
        Thread t = new Thread(() -> l.credit(5));
        t.start();
        l.debit(2);
        t.join();
        System.out.println(l.balance());
    }
}
