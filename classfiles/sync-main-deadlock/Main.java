// main is static synchronized: the VM's call of main takes the Main class's
// monitor, and main holds it until it returns. The helper thread needs it
// for helper(), so main's join() waits forever: a deadlock on HotSpot every
// time. (m5 once entered VM-called synchronized methods without the lock.)
public class Main {
    static volatile boolean started;

    static synchronized void helper() {
        System.out.println("helper ran");
    }

    public static synchronized void main(String[] args) throws InterruptedException {
        Helper h = new Helper();
        h.start();
        while (!started) {
            Thread.yield();
        }
        h.join();
        System.out.println("not reached");
    }
}

class Helper extends Thread {
    public void run() {
        Main.started = true;
        Main.helper();
    }
}
