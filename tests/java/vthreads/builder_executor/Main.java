// JDK 21+'s Thread.ofVirtual() builder (named threads, daemon, state) and
// Executors.newVirtualThreadPerTaskExecutor(), through reflection.
import java.lang.reflect.Method;
import java.util.concurrent.*;
import java.util.*;
public class Main {
    public static void main(String[] args) throws Exception {
        Object b = Thread.class.getMethod("ofVirtual").invoke(null);
        Class<?> builder = Class.forName("java.lang.Thread$Builder");
        Method startM = builder.getMethod("start", Runnable.class);
        Method nameM = builder.getMethod("name", String.class, long.class);
        nameM.invoke(b, "worker-", 0L);
        List<Thread> ts = new ArrayList<>();
        StringBuffer log = new StringBuffer();
        for (int i = 0; i < 3; i++) {
            final int k = i;
            ts.add((Thread) startM.invoke(b, (Runnable) () -> log.append(Thread.currentThread().getName().length())));
        }
        for (Thread t : ts) t.join();
        System.out.println("names " + ts.get(0).getName() + " " + ts.get(2).getName() + " " + log.length());
        System.out.println("daemon " + ts.get(0).isDaemon() + " state " + ts.get(0).getState());
        ExecutorService ex = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        List<Future<Integer>> fs = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            final int k = i;
            fs.add(ex.submit(() -> k * k));
        }
        int sum = 0;
        for (Future<Integer> f : fs) sum += f.get();
        ex.shutdown();
        System.out.println("sum " + sum + " " + ex.awaitTermination(1, TimeUnit.SECONDS));
        try {
            Thread.class.getMethod("noSuchThing", int.class);
        } catch (NoSuchMethodException e) {
            System.out.println("NSME " + e.getMessage());
        }
    }
}
