import java.util.ArrayList;
import java.util.List;

/** A lambda-bodied thread and main add to one unsynchronized ArrayList: an add can be lost. */
public class ListLostUpdate {
    public static void main(String[] args) throws InterruptedException {
        List<Integer> xs = new ArrayList<>();
        Thread t = new Thread(() -> xs.add(1));
        t.start();
        xs.add(2);
        t.join();
        if (xs.size() != 2) {
            throw new AssertionError("lost update: " + xs.size());
        }
    }
}
