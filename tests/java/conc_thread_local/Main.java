public class Main {
    static final ThreadLocal<StringBuilder> BUF = ThreadLocal.withInitial(StringBuilder::new);
    public static void main(String[] args) throws InterruptedException {
        String[] out = new String[2];
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 3; k++) BUF.get().append(id);
                out[id] = BUF.get().toString();
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        BUF.get().append("main");
        System.out.println(out[0] + " " + out[1] + " " + BUF.get());
        BUF.remove();
        System.out.println("[" + BUF.get() + "]");
    }
}
