// The negative twin of classfiles/newcomer-mutex: lock() waits with `if`
// instead of `while`, so a worker woken by notifyAll takes the mutex even
// when another took it first (or after a spurious wake-up): two workers
// in the critical section. tests/inferred/newcomer-mutex-if.proof is refuted
// (the same facts as the correct mutex's, on the same lines).
class Mutex {
    private Thread owner;

    synchronized void lock() throws InterruptedException {
        if (owner != null) {
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
