/** A determinism violation: two static finals name one object, written by two threads. */
public class AliasedStatics {
    static class Cell {
        int v;
    }

    static final Cell FIRST = new Cell();
    static final Cell SECOND = FIRST;

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> FIRST.v = 1);
        Thread b = new Thread(() -> SECOND.v = 2);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("v " + FIRST.v);
    }
}
