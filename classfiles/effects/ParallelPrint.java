import java.util.List;

/** Nondeterministic: forEach on a parallel stream prints in any order. */
public class ParallelPrint {
    public static void main(String[] args) {
        List.of("a", "b", "c", "d").parallelStream().forEach(System.out::println);
    }
}
