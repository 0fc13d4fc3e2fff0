// Two threads read one Config without locking.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Config c = new Config(3, "svc");
        Thread t = new Thread(() -> System.out.println(c.retries() + c.name));
        t.start();
        System.out.println(c.retries());
        t.join();
    }
}
