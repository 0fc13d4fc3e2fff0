// Waiting with `if` instead of `while`: main waits once for `ready` and
// then checks it. The setter sets it before it notifies, so a wait that
// ends only by that notify sees it set; but JLS 17.2.1 lets a wait end
// without a notify (a spurious wake-up), and then main throws.
public class IfWait {
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
            if (!f.ready) {
                f.wait();
            }
            if (!f.ready) {
                throw new IllegalStateException("woken before ready");
            }
        }
    }
}
