/*
 * Fork/join and the concurrency utilities built on it: an explicit
 * ForkJoinPool and the common pool running a RecursiveTask, LongAdder,
 * ConcurrentSkipListMap, CompletableFuture.supplyAsync, Phaser, StampedLock
 * and a parallel stream (their worker threads set their context class
 * loader to the JDK's application class loader, which the JDK builds).
 */
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.*;
import java.util.concurrent.locks.StampedLock;
public class Main {
    static class Sum extends RecursiveTask<Long> {
        final int lo, hi;
        Sum(int lo, int hi) { this.lo = lo; this.hi = hi; }
        protected Long compute() {
            if (hi - lo <= 4) { long s = 0; for (int i = lo; i < hi; i++) s += i; return s; }
            int mid = (lo + hi) / 2;
            Sum l = new Sum(lo, mid); l.fork();
            return new Sum(mid, hi).compute() + l.join();
        }
    }
    public static void main(String[] args) throws Exception {
        System.out.println(ThreadLocalRandom.current() != null);
        LongAdder a = new LongAdder(); a.add(3); a.increment(); System.out.println(a.sum());
        System.out.println(new ForkJoinPool(2).invoke(new Sum(0, 20)));
        System.out.println(ForkJoinPool.commonPool().invoke(new Sum(0, 10)));
        ConcurrentSkipListMap<Integer,String> m = new ConcurrentSkipListMap<>(); m.put(2,"b"); m.put(1,"a"); System.out.println(m);
        System.out.println(CompletableFuture.supplyAsync(() -> 21).thenApply(x -> x * 2).get());
        Phaser p = new Phaser(1); p.arriveAndDeregister(); System.out.println(p.isTerminated());
        StampedLock sl = new StampedLock(); long st = sl.writeLock(); sl.unlockWrite(st); System.out.println(sl.tryOptimisticRead() != 0);
        System.out.println(List.of(1,2,3,4).parallelStream().mapToInt(x -> x).sum());
    }
}
