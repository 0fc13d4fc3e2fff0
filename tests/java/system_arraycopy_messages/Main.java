// System.arraycopy: HotSpot's checks, in its order, with its messages; a
// reference copy copies the elements before one the destination cannot hold.
public class Main {
    static void t(Runnable r) { try { r.run(); System.out.println("no exception"); } catch (RuntimeException e) { System.out.println(e); } }
    public static void main(String[] args) {
        Object[] src = {"a", "b", Integer.valueOf(1), "c"};
        String[] dst = new String[4];
        try { System.arraycopy(src, 0, dst, 0, 4); } catch (ArrayStoreException e) { System.out.println(e.getMessage()); }
        System.out.println(dst[0] + " " + dst[1] + " " + dst[2] + " " + dst[3]);
        t(new Runnable() { public void run() { System.arraycopy(new int[3], -1, new int[3], 0, 1); } });
        t(new Runnable() { public void run() { System.arraycopy(new int[3], 0, new int[3], -1, 1); } });
        t(new Runnable() { public void run() { System.arraycopy(new int[3], 0, new int[3], 0, 4); } });
        t(new Runnable() { public void run() { System.arraycopy(new int[3], 0, new int[2], 0, 3); } });
        t(new Runnable() { public void run() { System.arraycopy(new int[3], 0, new long[3], 0, 0); } });
        t(new Runnable() { public void run() { System.arraycopy(new int[3], 0, new Object[3], 0, 0); } });
        t(new Runnable() { public void run() { System.arraycopy("x", 0, new Object[3], 0, 0); } });
        t(new Runnable() { public void run() { System.arraycopy(new Object[3], 0, "x", 0, 0); } });
        t(new Runnable() { public void run() { System.arraycopy(new String[3][], 0, new int[3][], 0, 1); } });
        t(new Runnable() { public void run() { System.arraycopy(new Object[]{new int[1]}, 0, new String[3][], 0, 1); } });
    }
}
