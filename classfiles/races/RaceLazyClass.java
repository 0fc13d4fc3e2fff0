// A static of a class with no static initializer, written by one thread
// and read by another with nothing ordering them. The first access
// initializes the class in the same step, and that access races too.
public class RaceLazyClass {
    static class Data {
        static int value;
    }

    static class Writer extends Thread {
        public void run() {
            Data.value = 42;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread w = new Writer();
        w.start();
        System.out.println(Data.value);
        w.join();
    }
}
