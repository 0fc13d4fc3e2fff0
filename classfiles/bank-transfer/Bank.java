// A correct bank transfer: each transfer locks both accounts, the one with
// the smaller id first (a fixed lock order: no deadlock), and moves money
// only if the source has it. The total stays 200 whenever no account is
// locked. proofs/bank-transfer-weak.proof claims exactly that with no
// facts about the threads: true, but not inductive.
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
        Account first = from.id < to.id ? from : to;
        Account second = from.id < to.id ? to : from;
        synchronized (first) {
            synchronized (second) {
                if (from.balance >= amount) {
                    from.balance -= amount;
                    to.balance += amount;
                }
            }
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
