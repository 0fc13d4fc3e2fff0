// A racy lazy initialisation: two threads may both see instance == null.
public class Registry {
    static Registry instance;
    int size;

    static Registry get() {
        if (instance == null) {
            instance = new Registry();
        }
        return instance;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(Registry::get);
        t.start();
        get();
        t.join();
    }
}
