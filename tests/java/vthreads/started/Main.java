// Three virtual threads (JDK 21+), started through reflection from javac
// 17's class files: Thread.startVirtualThread, join, isVirtual.
import java.lang.reflect.Method;
public class Main {
    static int counter;
    public static void main(String[] args) throws Exception {
        Method start = Thread.class.getMethod("startVirtualThread", Runnable.class);
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int k = i;
            ts[i] = (Thread) start.invoke(null, (Runnable) () -> {
                synchronized (Main.class) { counter += k + 1; }
            });
        }
        for (Thread t : ts) t.join();
        System.out.println("counter " + counter);
        Method isV = Thread.class.getMethod("isVirtual");
        System.out.println("virtual " + isV.invoke(ts[0]));
        System.out.println("main virtual " + isV.invoke(Thread.currentThread()));
    }
}
