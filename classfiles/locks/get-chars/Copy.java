// One thread fills a shared char[] through String.getChars (the JDK
// writes its elements), main reads buf[0] with no lock in common.
public class Copy {
    public static void main(String[] args) throws InterruptedException {
        char[] buf = new char[2];
        Thread t = new Thread(() -> "hi".getChars(0, 2, buf, 0));
        t.start();
        char c = buf[0];
        t.join();
        System.out.println(c);
    }
}
