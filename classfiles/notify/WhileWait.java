// The twin of IfWait that waits in a loop, as the JLS advises: a
// spurious wake-up only re-checks the condition.
public class WhileWait {
    static class Flag {
        boolean ready;
    }

    static class Setter extends Thread {
        final Flag f;

        Setter(Flag f) {
            this.f = f;
        }

        public void run() {
            synchronized (f) {
                f.ready = true;
                f.notify();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Flag f = new Flag();
        new Setter(f).start();
        synchronized (f) {
            while (!f.ready) {
                f.wait();
            }
            if (!f.ready) {
                throw new IllegalStateException("woken before ready");
            }
        }
    }
}
