// One thread reads a shared char[] through new String(chars) (the JDK
// copies it), another writes chars[0] with no lock in common.
public class Name {
    public static void main(String[] args) throws InterruptedException {
        char[] chars = {'a', 'b'};
        Thread t = new Thread(() -> chars[0] = 'z');
        t.start();
        String s = new String(chars);
        t.join();
        System.out.println(s.length());
    }
}
