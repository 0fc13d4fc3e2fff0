// Two non-daemon threads take two locks in opposite orders while a daemon
// thread waits forever: their deadlock keeps the program alive, whatever
// the daemon does.
public class DaemonWitnessesDeadlock {
    static final Object a = new Object();
    static final Object b = new Object();
    static final Object never = new Object();

    public static void main(String[] args) {
        Thread d = new Thread(() -> {
            synchronized (never) {
                while (true) {
                    try {
                        never.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        d.setDaemon(true);
        d.start();
        Thread t1 = new Thread(() -> {
            synchronized (a) {
                synchronized (b) {
                    System.out.println("t1");
                }
            }
        });
        Thread t2 = new Thread(() -> {
            synchronized (b) {
                synchronized (a) {
                    System.out.println("t2");
                }
            }
        });
        t1.start();
        t2.start();
    }
}
