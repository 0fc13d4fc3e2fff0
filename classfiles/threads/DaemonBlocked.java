// A daemon thread that waits forever does not keep the program alive: the
// JVM exits once main, the only non-daemon thread, returns (JLS 12.8).
public class DaemonBlocked {
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
        System.out.println("main done");
    }
}
