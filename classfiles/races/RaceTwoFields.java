// Two racy static fields written in the same order by two threads: the race
// on `a` comes first in every schedule, so a search asked only about `b`
// must look past it (m5 locks confirms one field at a time).
public class RaceTwoFields {
    static int a;
    static int b;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            a = 1;
            b = 1;
        });
        t.start();
        a = 2;
        b = 2;
        t.join();
    }
}
