// Threads started with a lambda and a bound method reference, both
// adding under one lock; main reads after joining them: no race.
public class FreeLambda {
    private int hits;

    synchronized void hit() {
        hits++;
    }

    public static void main(String[] args) throws InterruptedException {
        FreeLambda f = new FreeLambda();
        Thread a = new Thread(() -> f.hit());
        Thread b = new Thread(f::hit);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(f.hits);
    }
}
