// Exercises Thread subclassing vs Runnable, default names Thread-N (numbered at construction, incl. never-started threads), currentThread().getName(), run() called directly.
public class Main {
    static String[] seen = new String[10];

    static class Named extends Thread {
        final int slot;
        Named(int slot) { this.slot = slot; }
        public void run() {
            synchronized (Main.class) {
                seen[slot] = Thread.currentThread().getName() + "/" + getName();
            }
        }
    }

    static class Task implements Runnable {
        final int slot;
        Task(int slot) { this.slot = slot; }
        public void run() {
            synchronized (Main.class) {
                seen[slot] = Thread.currentThread().getName();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("main thread: " + Thread.currentThread().getName());
        Thread t0 = new Named(0);
        Thread t1 = new Thread(new Task(1));
        Thread t2 = new Thread();
        Thread t3 = new Named(3);
        System.out.println(t0.getName() + " " + t1.getName() + " " + t2.getName() + " " + t3.getName());
        t3.start();
        t0.start();
        t1.start();
        t2.start();
        t0.join();
        t1.join();
        t2.join();
        t3.join();
        new Task(4).run();
        new Named(5).run();
        Thread t6 = new Thread(new Task(6));
        t6.start();
        t6.join();
        synchronized (Main.class) {
            for (int i = 0; i < 7; i++) System.out.println(i + ": " + seen[i]);
        }
        Thread t7 = new Thread() {
            public void run() {
                synchronized (Main.class) {
                    seen[7] = "anon " + getName();
                }
            }
        };
        t7.start();
        t7.join();
        System.out.println(seen[7]);
        System.out.println("current again: " + Thread.currentThread().getName());
    }
}
