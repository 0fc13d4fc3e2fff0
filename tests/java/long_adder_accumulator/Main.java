import java.util.concurrent.atomic.*;
import java.util.function.LongBinaryOperator;

// Striped64's counters under contention: LongAdder and DoubleAdder summed
// by four threads, LongAccumulator tracking a maximum and a product,
// DoubleAccumulator, and sumThenReset/getThenReset.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        LongAdder hits = new LongAdder();
        DoubleAdder weight = new DoubleAdder();
        LongAccumulator max = new LongAccumulator(Long::max, Long.MIN_VALUE);
        LongBinaryOperator mul = (a, b) -> a * b;
        LongAccumulator product = new LongAccumulator(mul, 1);
        DoubleAccumulator min = new DoubleAccumulator(Math::min, Double.POSITIVE_INFINITY);
        Thread[] ts = new Thread[4];
        for (int t = 0; t < ts.length; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                for (int i = 0; i < 25; i++) {
                    hits.increment();
                    weight.add(0.25);
                    max.accumulate((long) id * 1000 + i);
                    min.accumulate(id + i / 100.0);
                }
                product.accumulate(id + 2);
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("hits " + hits.sum() + " " + hits + " int " + hits.intValue());
        System.out.println("weight " + weight.sum() + " max " + max.get() + " product " + product.get() + " min " + min.get());
        hits.add(-10);
        hits.decrement();
        System.out.println("after add " + hits.longValue() + " reset returns " + hits.sumThenReset() + " now " + hits.sum());
        System.out.println("max reset " + max.getThenReset() + " now " + max.get() + " " + max.longValue() + " product " + product.doubleValue());
        max.accumulate(5);
        max.accumulate(3);
        product.reset();
        System.out.println("max " + max + " product after reset " + product.get() + " weight reset " + weight.sumThenReset() + " " + weight.sum());
        AtomicLong al = new AtomicLong();
        System.out.println(al.accumulateAndGet(7, Long::sum) + " " + al.getAndAccumulate(3, mul) + " " + al.updateAndGet(x -> x - 1) + " " + al.get());
    }
}
