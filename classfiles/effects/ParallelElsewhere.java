import java.util.List;
import java.util.stream.Stream;

/** Nondeterministic: a stream made parallel in one method is printed from another. */
public class ParallelElsewhere {
    static Stream<String> letters() {
        return List.of("a", "b", "c", "d").parallelStream();
    }

    public static void main(String[] args) {
        letters().forEach(System.out::println);
    }
}
