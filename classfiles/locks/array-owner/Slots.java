// An array held in a final field, its elements accessed only in
// synchronized methods: guarded by the object that holds it.
public class Slots {
    private final int[] slots = new int[4];

    synchronized void put(int i, int v) {
        slots[i] = v;
    }

    synchronized int get(int i) {
        return slots[i];
    }

    public static void main(String[] args) throws InterruptedException {
        Slots s = new Slots();
        Thread t = new Thread(() -> s.put(0, 1));
        t.start();
        s.put(0, 2);
        t.join();
        System.out.println(s.get(0));
    }
}
