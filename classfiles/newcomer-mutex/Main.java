// A mutex built from synchronized + wait/notifyAll guards a shared counter:
// two workers each add 1 twice inside lock()/unlock().
// tests/inferred/newcomer-mutex.proof proves, from one fact and inference,
// that a worker adding to the counter owns the mutex (mutual exclusion);
// classfiles/newcomer-mutex-if waits with `if` instead of `while`.
class Mutex {
    private Thread owner;

    synchronized void lock() throws InterruptedException {
        while (owner != null) {
            wait();
        }
        owner = Thread.currentThread();
    }

    synchronized void unlock() {
        owner = null;
        notifyAll();
    }
}

class Counter {
    int n;
}

class Worker extends Thread {
    final Mutex m;
    final Counter c;

    Worker(Mutex m, Counter c) {
        this.m = m;
        this.c = c;
    }

    public void run() {
        try {
            for (int i = 0; i < 2; i++) {
                m.lock();
                c.n = c.n + 1;
                m.unlock();
            }
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }
}

public class Main {
    public static void main(String[] args) throws Exception {
        Mutex m = new Mutex();
        Counter c = new Counter();
        Worker a = new Worker(m, c);
        Worker b = new Worker(m, c);
        a.start();
        b.start();
    }
}
