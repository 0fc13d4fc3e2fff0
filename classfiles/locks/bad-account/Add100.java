// Two threads add 100 to one BadAccount (the seed's Figure 3).
class Add100 extends Thread {
    final BadAccount a;

    Add100(BadAccount a) {
        this.a = a;
    }

    public void run() {
        a.deposit(100);
    }

    public static void main(String[] args) {
        BadAccount a = new BadAccount();
        new Add100(a).start();
        new Add100(a).start();
    }
}
