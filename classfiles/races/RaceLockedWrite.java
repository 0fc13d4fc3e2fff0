// A write under the object's monitor against a read without it: the
// reader's unlocked read races with the locked write.
public class RaceLockedWrite {
    static class Box {
        int value;

        synchronized void set(int v) {
            value = v;
        }

        int peek() {
            return value;
        }
    }

    static final Box box = new Box();

    static class Setter extends Thread {
        public void run() {
            box.set(42);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Setter();
        t.start();
        int seen = box.peek();
        t.join();
        System.out.println(seen == 0 || seen == 42);
    }
}
