// Exercises monitor release when a synchronized method/block exits by exception: other threads must still acquire the lock afterwards.
class Account {
    private int balance;
    private int failures;

    synchronized void withdraw(int amount) {
        if (amount > balance) {
            failures++;
            throw new IllegalStateException("insufficient funds: " + balance + " < " + amount);
        }
        balance -= amount;
    }

    synchronized void deposit(int amount) {
        if (amount < 0) throw new IllegalArgumentException("negative deposit " + amount);
        balance += amount;
    }

    synchronized int balance() { return balance; }
    synchronized int failures() { return failures; }

    static int staticCalls;
    static synchronized void staticFail(int i) {
        staticCalls++;
        if (i % 2 == 0) throw new UnsupportedOperationException("static fail " + i);
    }
    static synchronized int staticCalls() { return staticCalls; }
}

public class Main {
    static final Object lock = new Object();
    static int blockCount;

    static void blockThrow(int i) {
        synchronized (lock) {
            blockCount++;
            if (i % 3 == 0) throw new RuntimeException("block " + i);
        }
    }

    public static void main(String[] args) throws Exception {
        final Account acc = new Account();
        acc.deposit(50);
        try {
            acc.withdraw(100);
        } catch (IllegalStateException e) {
            System.out.println("main: " + e.getMessage());
        }
        try {
            acc.deposit(-5);
        } catch (IllegalArgumentException e) {
            System.out.println("main: " + e.getMessage());
        }
        try {
            Account.staticFail(0);
        } catch (UnsupportedOperationException e) {
            System.out.println("main: " + e.getMessage());
        }
        try {
            blockThrow(0);
        } catch (RuntimeException e) {
            System.out.println("main: " + e.getMessage());
        }
        // If any of the monitors above were leaked by main, these threads would block forever.
        Thread[] ts = new Thread[4];
        for (int t = 0; t < ts.length; t++) {
            ts[t] = new Thread(new Runnable() {
                public void run() {
                    for (int i = 0; i < 200; i++) {
                        try {
                            if (i % 2 == 0) acc.deposit(3); else acc.withdraw(5);
                        } catch (IllegalStateException e) {
                            // expected sometimes
                        }
                        try {
                            Account.staticFail(i);
                        } catch (UnsupportedOperationException e) {
                        }
                        try {
                            blockThrow(i);
                        } catch (RuntimeException e) {
                        }
                    }
                }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        int bal = acc.balance();
        int fails = acc.failures();
        // deposits: 4*100*3 = 1200 + initial 50; each successful withdraw takes 5.
        int successfulWithdraws = (50 + 1200 - bal) / 5;
        System.out.println("withdraw attempts accounted: " + (successfulWithdraws + fails - 1));
        System.out.println("balance consistent: " + (bal >= 0 && (50 + 1200 - bal) % 5 == 0));
        System.out.println("static calls " + Account.staticCalls());
        synchronized (lock) {
            System.out.println("block count " + blockCount);
        }
        Thread checker = new Thread() {
            public void run() {
                synchronized (acc) {
                    synchronized (lock) {
                        synchronized (Account.class) {
                            System.out.println("checker acquired all monitors");
                        }
                    }
                }
            }
        };
        checker.start();
        checker.join();
        System.out.println("done");
    }
}
