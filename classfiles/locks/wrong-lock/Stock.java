// Two locks for one field: restock holds addLock, sell holds sellLock, so
// nothing orders their updates of units.
public class Stock {
    private final Object addLock = new Object();
    private final Object sellLock = new Object();
    private int units;

    void restock(int n) {
        synchronized (addLock) {
            units += n;
        }
    }

    void sell(int n) {
        synchronized (sellLock) {
            units -= n;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Stock s = new Stock();
        Thread t = new Thread(() -> s.restock(10));
        t.start();
        s.sell(3);
        t.join();
    }
}
