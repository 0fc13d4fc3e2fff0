// Exercises IllegalMonitorStateException from wait/notify/notifyAll without owning the monitor, and legal wait with timeout by the owner.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Object o = new Object();
        Object other = new Object();
        try {
            o.notify();
            System.out.println("notify without lock did not throw");
        } catch (IllegalMonitorStateException e) {
            System.out.println("notify -> IllegalMonitorStateException");
        }
        try {
            o.notifyAll();
        } catch (IllegalMonitorStateException e) {
            System.out.println("notifyAll -> IllegalMonitorStateException");
        }
        try {
            o.wait();
        } catch (IllegalMonitorStateException e) {
            System.out.println("wait -> IllegalMonitorStateException");
        }
        try {
            o.wait(10);
        } catch (IllegalMonitorStateException e) {
            System.out.println("wait(10) -> IllegalMonitorStateException");
        }
        synchronized (other) {
            try {
                o.notify();
            } catch (IllegalMonitorStateException e) {
                System.out.println("holding another lock -> IllegalMonitorStateException");
            }
        }
        synchronized (o) {
            o.notify();
            o.notifyAll();
            System.out.println("notify while holding lock ok");
            o.wait(1);
            System.out.println("timed wait returned while holding lock");
            synchronized (o) {
                o.wait(1);
                System.out.println("timed wait with recursion count 2 returned");
            }
        }
        try {
            o.wait(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("wait(-1) -> IllegalArgumentException");
        } catch (IllegalMonitorStateException e) {
            System.out.println("wait(-1) -> IllegalMonitorStateException");
        }
        try {
            synchronized (o) {
                o.wait(-1);
            }
        } catch (IllegalArgumentException e) {
            System.out.println("owner wait(-1) -> IllegalArgumentException");
        }
        System.out.println("still can lock: ");
        synchronized (o) {
            System.out.println("locked again");
        }
    }
}
