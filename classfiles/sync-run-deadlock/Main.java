// A Thread subclass with a synchronized run(): the new thread takes its
// own monitor when it starts running. It tells main so, then wants the
// lock main holds, while main wants the worker's monitor: a deadlock on
// HotSpot every time. (m5 once ran run() without taking the monitor.)
public class Main {
    static final Object lock = new Object();

    public static void main(String[] args) {
        Worker w = new Worker();
        synchronized (lock) {
            w.start();
            while (!w.running) {
                Thread.yield();
            }
            synchronized (w) {
                System.out.println("not reached");
            }
        }
    }
}

class Worker extends Thread {
    volatile boolean running;

    public synchronized void run() {
        running = true;
        synchronized (Main.lock) {
            System.out.println("not reached either");
        }
    }
}
