import java.util.stream.IntStream;

/** Deterministic: a parallel stream with an associative reduction. */
public class ParallelSum {
    public static void main(String[] args) {
        int sum = IntStream.rangeClosed(1, 100).parallel().map(x -> x * 2).reduce(0, Integer::sum);
        System.out.println("sum " + sum);
    }
}
