// A static counter under the class lock: static synchronized methods lock
// Hits.class, which guards hits.
public class Hits {
    static int hits;

    static synchronized void hit() {
        hits++;
    }

    static synchronized int total() {
        return hits;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(Hits::hit);
        t.start();
        hit();
        t.join();
        System.out.println(total());
    }
}
