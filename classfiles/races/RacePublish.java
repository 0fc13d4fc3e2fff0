// Racy publication: a thread publishes a new object through a plain
// static; another reads the static and the object's field with no
// happens-before edge between them.
public class RacePublish {
    static class Config {
        int size;

        Config(int size) {
            this.size = size;
        }
    }

    static Config shared;

    static class Publisher extends Thread {
        public void run() {
            shared = new Config(8);
        }
    }

    static class Reader extends Thread {
        public void run() {
            Config c = shared;
            if (c != null && c.size != 8) {
                System.out.println("saw a half-built object");
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread p = new Publisher();
        Thread r = new Reader();
        p.start();
        r.start();
        p.join();
        r.join();
    }
}
