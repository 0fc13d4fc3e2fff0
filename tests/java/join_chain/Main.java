// Exercises threads joining other threads in a chain (each waits for its predecessor) and passing results along; only main prints, after the last join.
public class Main {
    static class Link extends Thread {
        final Link prev;
        final int id;
        long value;
        Link(Link prev, int id) { this.prev = prev; this.id = id; }
        public void run() {
            long base = 1;
            if (prev != null) {
                try {
                    prev.join();
                } catch (InterruptedException e) {
                    return;
                }
                base = prev.value;
            }
            long v = base;
            for (int i = 0; i < 100; i++) v = (v * 31 + id) % 1000000007L;
            value = v;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Link[] links = new Link[8];
        for (int i = 0; i < links.length; i++) links[i] = new Link(i == 0 ? null : links[i - 1], i);
        // start in order: a link must be started before its successor calls join() on it,
        // otherwise join() on a not-yet-started thread returns immediately.
        for (int i = 0; i < links.length; i++) links[i].start();
        links[links.length - 1].join();
        for (int i = 0; i < links.length; i++) System.out.println("link " + i + " value " + links[i].value);
        for (Link l : links) l.join();
        Link[] fan = new Link[4];
        for (int i = 0; i < fan.length; i++) fan[i] = new Link(links[7], 100 + i);
        for (Link l : fan) l.start();
        for (Link l : fan) l.join();
        for (Link l : fan) System.out.println("fan " + l.id + " value " + l.value);
    }
}
