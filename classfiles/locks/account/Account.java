// The seed's Figure 1 and 2 (rccjava/Houdini): balance is guarded by lock,
// update requires lock; race-free.
class Account {
    final Object lock = new Object();

    int balance = 0;

    void update(int n) {
        balance = n;
    }

    void deposit(int x) {
        synchronized (lock) {
            update(balance + x);
        }
    }
}
