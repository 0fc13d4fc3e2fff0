import java.util.Random;

/**
 * A Random without a seed: java seeds it from the clock, so each run
 * prints another number (m5's clock is virtual and fixed, so each of its
 * executions prints the same one).
 */
public class RandomSeed {
    public static void main(String[] args) {
        Random r = new Random();
        System.out.println(r.nextInt(100));
    }
}
