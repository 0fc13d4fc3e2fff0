// The seed's Figure 3: deposit lost its synchronized block, so balance races.
class BadAccount {
    final Object lock = new Object();

    int balance = 0;

    void update(int n) {
        balance = n;
    }

    void deposit(int x) {
        update(balance + x);
    }
}
