// A race through a native: main copies the array with System.arraycopy
// while the writer stores into it, unsynchronized. Interleaved, the copy
// can be torn (the first element new, the second old).
public class RaceArraycopy {
    static int[] data = new int[2];

    static class Writer extends Thread {
        public void run() {
            data[0] = 1;
            data[1] = 1;
        }
    }

    public static void main(String[] args) throws Exception {
        Writer w = new Writer();
        w.start();
        int[] copy = new int[2];
        System.arraycopy(data, 0, copy, 0, 2);
        if (copy[0] == 1 && copy[1] == 0) {
            throw new AssertionError("torn copy");
        }
        w.join();
    }
}
