/** A determinism violation: a method publishes its object; main then writes it while a reader runs. */
public class PublishedByCall {
    static volatile Cell shared;

    static class Cell {
        int v;

        void publish() {
            shared = this;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            Cell c = shared;
            if (c != null) {
                System.out.println("v " + c.v);
            }
        });
        Cell c = new Cell();
        c.publish();
        reader.start();
        c.v = 1;
        reader.join();
    }
}
