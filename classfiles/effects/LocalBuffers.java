/** Deterministic: each thread fills a buffer only it can reach and keeps the text in its own field. */
public class LocalBuffers {
    static class Maker extends Thread {
        final int from;
        String text;

        Maker(int from) {
            this.from = from;
        }

        public void run() {
            StringBuilder sb = new StringBuilder();
            for (int i = from; i < from + 3; i++) {
                sb.append(i).append(',');
            }
            text = sb.toString();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Maker a = new Maker(0);
        Maker b = new Maker(10);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(a.text + b.text);
    }
}
