import java.util.Random;

/** A Random with a seed prints the same numbers on every run. */
public class RandomFixed {
    public static void main(String[] args) {
        Random r = new Random(42);
        System.out.println(r.nextInt(100) + " " + r.nextInt(100));
    }
}
