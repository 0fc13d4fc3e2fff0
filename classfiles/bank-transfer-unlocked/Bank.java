// NEGATIVE TWIN of classfiles/bank-transfer: the transfer takes no lock, so
// the total is 170 or 220 for a moment while nobody holds a lock.
class Account {
    final int id;
    int balance;

    Account(int id, int balance) {
        this.id = id;
        this.balance = balance;
    }
}

class Transfers extends Thread {
    final Account from;
    final Account to;
    final int amount;

    Transfers(Account from, Account to, int amount) {
        this.from = from;
        this.to = to;
        this.amount = amount;
    }

    static void transfer(Account from, Account to, int amount) {
        if (from.balance >= amount) {
            from.balance -= amount;
            to.balance += amount;
        }
    }

    public void run() {
        for (int i = 0; i < 1; i++) {
            transfer(from, to, amount);
        }
    }
}

public class Bank {
    public static void main(String[] args) {
        Account a = new Account(1, 100);
        Account b = new Account(2, 100);
        Transfers t1 = new Transfers(a, b, 30);
        Transfers t2 = new Transfers(b, a, 20);
        t1.start();
        t2.start();
    }
}
