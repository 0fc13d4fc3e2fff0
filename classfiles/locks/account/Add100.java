// Two threads add 100 to one Account (the seed's Figure 2).
class Add100 extends Thread {
    final Account a;

    Add100(Account a) {
        this.a = a;
    }

    public void run() {
        a.deposit(100);
    }

    public static void main(String[] args) {
        Account a = new Account();
        new Add100(a).start();
        new Add100(a).start();
    }
}
