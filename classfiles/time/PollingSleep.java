// Polls a locked flag with sleeps until a worker sets it. Nothing reads the
// clock, so timeouts leave it alone and the polling loop revisits its states:
// the search ends (ok) instead of meeting a new state at every poll.
public class PollingSleep {
    static boolean ready;

    static synchronized void set() { ready = true; }
    static synchronized boolean get() { return ready; }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(PollingSleep::set);
        worker.start();
        while (!get()) {
            Thread.sleep(1);
        }
        worker.join();
    }
}
