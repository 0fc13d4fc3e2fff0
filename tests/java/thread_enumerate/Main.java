// Thread.enumerate and ThreadGroup.enumerate: the live threads of the
// current group (with subgroups), an array too short for them, threads not
// yet started or already ended (left out).
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

public class Main {
    static String names(Thread[] ts, int n) {
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = ts[i].getName();
        }
        Arrays.sort(names);
        return n + " " + Arrays.toString(names);
    }

    public static void main(String[] args) throws Exception {
        Thread[] all = new Thread[10];
        System.out.println("alone: " + names(all, Thread.enumerate(all)));

        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(3);
        Runnable wait = () -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        };
        ThreadGroup workers = new ThreadGroup("workers");
        Thread a = new Thread(wait, "a");
        Thread b = new Thread(workers, wait, "b");
        Thread c = new Thread(new ThreadGroup(workers, "inner"), wait, "c");
        Thread idle = new Thread(wait, "never-started");
        Thread done = new Thread(() -> { }, "done");
        done.start();
        done.join();
        a.start();
        b.start();
        c.start();
        started.await();

        all = new Thread[10];
        System.out.println("main group: " + names(all, Thread.enumerate(all)));
        System.out.println("workers: " + names(all, workers.enumerate(all)) + " active " + workers.activeCount());
        Thread[] two = new Thread[2];
        System.out.println("short array: " + Thread.enumerate(two) + " " + (two[0] != null) + " " + (two[1] != null));
        Thread[] none = new Thread[0];
        System.out.println("empty array: " + Thread.enumerate(none));
        try {
            Thread.enumerate(null);
        } catch (NullPointerException e) {
            System.out.println("null array threw NullPointerException");
        }
        release.countDown();
        a.join();
        b.join();
        c.join();
        all = new Thread[10];
        System.out.println("after: " + names(all, Thread.enumerate(all)) + " " + idle.getState());
    }
}
