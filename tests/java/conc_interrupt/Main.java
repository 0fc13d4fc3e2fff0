public class Main {
    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        Thread sleeper = new Thread(() -> {
            synchronized (lock) {
                try { lock.wait(); System.out.println("woke normally"); }
                catch (InterruptedException e) { System.out.println("interrupted in wait " + Thread.currentThread().isInterrupted()); }
            }
        });
        sleeper.start();
        while (sleeper.getState() != Thread.State.WAITING) Thread.yield();
        sleeper.interrupt();
        sleeper.join();
        Thread.currentThread().interrupt();
        System.out.println(Thread.interrupted() + " " + Thread.interrupted());
        Thread.currentThread().interrupt();
        try { Thread.sleep(10); } catch (InterruptedException e) { System.out.println("sleep: " + e.getMessage() + " " + Thread.currentThread().isInterrupted()); }
        try { Thread.sleep(-1); } catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }
    }
}
