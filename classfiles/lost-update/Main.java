// A lost update: two threads increment a shared counter without
// synchronization; main joins them and asserts the counter is 2. Some
// schedule interleaves the read-modify-write sequences and loses one.
class Counter {
    int value;
}

class Incrementer extends Thread {
    final Counter c;

    Incrementer(Counter c) {
        this.c = c;
    }

    public void run() {
        c.value = c.value + 1;
    }
}

public class Main {
    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Incrementer a = new Incrementer(c);
        Incrementer b = new Incrementer(c);
        a.start();
        b.start();
        a.join();
        b.join();
        if (c.value != 2) {
            throw new AssertionError("lost update: counter is " + c.value);
        }
        System.out.println("counter " + c.value);
    }
}
