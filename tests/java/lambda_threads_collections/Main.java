import java.util.*;
import java.util.function.*;
public class Main {
    public static void main(String[] args) throws InterruptedException {
        Map<String, List<Integer>> byThread = new TreeMap<>();
        List<Thread> ts = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            Thread t = new Thread(() -> {
                List<Integer> mine = new ArrayList<>();
                for (int i = 0; i < 5; i++) mine.add(name.charAt(0) * i);
                synchronized (byThread) { byThread.put(name, mine); }
            }, "worker-" + name);
            ts.add(t);
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) t.join();
        System.out.println(byThread);
        BiFunction<Integer, Integer, Integer> add = Integer::sum;
        Supplier<List<String>> mk = ArrayList::new;
        List<String> names = mk.get();
        ts.forEach(t -> names.add(t.getName()));
        names.sort(Comparator.reverseOrder());
        System.out.println(names + " " + add.andThen(x -> x * 2).apply(3, 4));
    }
}
