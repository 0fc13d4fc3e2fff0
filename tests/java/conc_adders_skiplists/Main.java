import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

/**
 * The concurrency utilities that stand on Striped64 and ThreadLocalRandom:
 * LongAdder and LongAccumulator added to by several threads, a
 * ConcurrentSkipListMap and Set filled by several threads, and
 * ThreadLocalRandom used where its answer is fixed.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        LongAdder adder = new LongAdder();
        LongAccumulator max = new LongAccumulator(Long::max, Long.MIN_VALUE);
        DoubleAdder half = new DoubleAdder();
        ConcurrentSkipListMap<Integer, String> map = new ConcurrentSkipListMap<>();
        ConcurrentSkipListSet<String> set = new ConcurrentSkipListSet<>(Comparator.reverseOrder());
        Thread[] ts = new Thread[3];
        for (int t = 0; t < ts.length; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                for (int i = 0; i < 20; i++) {
                    adder.increment();
                    max.accumulate(id * 100 + i);
                    half.add(0.5);
                    map.put(id * 20 + i, "v" + (id * 20 + i));
                    set.add("s" + (i % 7));
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("sum " + adder.sum() + " " + adder);
        System.out.println("max " + max.get() + " " + max.getThenReset() + " " + max.get());
        System.out.println("half " + half.sum());
        adder.add(-10);
        System.out.println("sumThenReset " + adder.sumThenReset() + " then " + adder.sum());
        System.out.println("map " + map.size() + " first " + map.firstKey() + " last " + map.lastEntry());
        System.out.println("head " + map.headMap(3) + " ceiling " + map.ceilingKey(17) + " floor " + map.floorEntry(-1));
        System.out.println("sub " + map.subMap(10, 14).values() + " desc " + map.descendingMap().firstKey());
        System.out.println("set " + set + " pollFirst " + set.pollFirst() + " then " + set.first());
        map.keySet().removeIf(k -> k % 2 == 1);
        System.out.println("even " + map.size() + " " + map.firstEntry() + " " + map.higherKey(58));
        ThreadLocalRandom r = ThreadLocalRandom.current();
        System.out.println("tlr same " + (r == ThreadLocalRandom.current()) + " " + r.nextInt(1) + " " + r.nextLong(5, 6));
        int[] seen = new int[4];
        for (int i = 0; i < 50; i++) {
            seen[r.nextInt(4)]++;
        }
        System.out.println("tlr in range " + (seen[0] + seen[1] + seen[2] + seen[3]));
        ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();
        for (String w : "a b a c b a".split(" ")) {
            counts.computeIfAbsent(w, k -> new LongAdder()).increment();
        }
        System.out.println("counts " + new TreeMap<>(counts));
    }
}
