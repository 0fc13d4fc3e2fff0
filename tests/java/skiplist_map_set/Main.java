import java.util.*;
import java.util.concurrent.*;

// ConcurrentSkipListMap and ConcurrentSkipListSet: sorted concurrent
// insertion by several threads, the navigable views (head/tail/sub maps,
// ceiling/floor/higher/lower), descending order, polling, atomic
// map operations and a custom comparator.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentSkipListMap<Integer, String> m = new ConcurrentSkipListMap<>();
        Thread[] ts = new Thread[3];
        for (int t = 0; t < ts.length; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                for (int i = id; i < 30; i += 3) m.put(i * 7 % 30, "v" + i);
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(m.size() + " first " + m.firstKey() + " last " + m.lastEntry() + " keys " + m.keySet());
        System.out.println("ceiling(10.5->) " + m.ceilingKey(11) + " floor " + m.floorEntry(-1) + " higher " + m.higherKey(29) + " lower " + m.lowerKey(5));
        System.out.println("head " + m.headMap(4) + " tail " + m.tailMap(27, false) + " sub " + m.subMap(10, 14));
        System.out.println("descending " + m.descendingMap().headMap(25) + " " + m.descendingKeySet().first());
        System.out.println("poll " + m.pollFirstEntry() + " " + m.pollLastEntry() + " size " + m.size());
        System.out.println(m.putIfAbsent(5, "x") + " " + m.putIfAbsent(100, "new") + " " + m.replace(6, "six") + " " + m.remove(7, "nope") + " " + m.computeIfAbsent(200, k -> "c" + k) + " " + m.merge(6, "!", String::concat));
        System.out.println(m.tailMap(100));
        ConcurrentSkipListSet<String> words = new ConcurrentSkipListSet<>(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        words.addAll(List.of("pear", "fig", "apple", "kiwi", "banana", "date", "fig"));
        System.out.println(words + " " + words.first() + " " + words.ceiling("zzzz") + " " + words.headSet("kiwi") + " " + words.descendingSet());
        ConcurrentSkipListSet<Integer> nums = new ConcurrentSkipListSet<>();
        Thread a = new Thread(() -> { for (int i = 0; i < 20; i += 2) nums.add(i); });
        Thread b = new Thread(() -> { for (int i = 1; i < 20; i += 3) nums.add(i); });
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(nums + " " + nums.pollFirst() + " " + nums.pollLast() + " " + nums.subSet(5, true, 10, true) + " " + nums.contains(13));
        try {
            m.put(null, "x");
        } catch (NullPointerException e) {
            System.out.println("NullPointerException for a null key");
        }
        ConcurrentNavigableMap<String, Integer> copy = new ConcurrentSkipListMap<>(Map.of("b", 2, "a", 1, "c", 3));
        System.out.println(copy + " " + copy.firstEntry().getValue() + " " + copy.comparator());
    }
}
