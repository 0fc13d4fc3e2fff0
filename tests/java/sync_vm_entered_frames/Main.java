// Frames the VM pushes take their monitors too: a static synchronized main
// holds the Main class's monitor (so notifyAll on Main.class is legal),
// and a Thread subclass's synchronized run() holds the thread object's.
public class Main {
    public static synchronized void main(String[] args) throws InterruptedException {
        Main.class.notifyAll();
        System.out.println("main holds Main.class");
        Worker w = new Worker();
        w.start();
        w.join();
        System.out.println("worker said: " + w.said);
        try {
            new Object().notify();
        } catch (IllegalMonitorStateException e) {
            System.out.println("a monitor main does not hold: " + e.getClass().getName());
        }
    }
}

class Worker extends Thread {
    String said = "nothing";

    public synchronized void run() {
        notifyAll();
        said = "run() holds its own monitor";
    }
}
