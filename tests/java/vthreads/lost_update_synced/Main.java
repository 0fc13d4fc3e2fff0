// The synchronized twin of lost_update: no update is lost.
import java.lang.reflect.Method;
public class Main {
    static int counter;
    public static void main(String[] args) throws Exception {
        Method start = Thread.class.getMethod("startVirtualThread", Runnable.class);
        Runnable inc = () -> { synchronized (Main.class) { int c = counter; counter = c + 1; } };
        Thread a = (Thread) start.invoke(null, inc);
        Thread b = (Thread) start.invoke(null, inc);
        a.join();
        b.join();
        assert counter == 2 : "lost update: " + counter;
        System.out.println(counter);
    }
}
