import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** ListLostUpdate fixed: the list is synchronized. */
public class ListSynchronized {
    public static void main(String[] args) throws InterruptedException {
        List<Integer> xs = Collections.synchronizedList(new ArrayList<>());
        Thread t = new Thread(() -> xs.add(1));
        t.start();
        xs.add(2);
        t.join();
        if (xs.size() != 2) {
            throw new AssertionError("lost update: " + xs.size());
        }
    }
}
