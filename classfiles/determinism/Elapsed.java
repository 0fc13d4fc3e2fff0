/** Prints how long a loop took: another number on every run of java. */
public class Elapsed {
    public static void main(String[] args) {
        long start = System.nanoTime();
        int sum = 0;
        for (int i = 0; i < 10; i++) {
            sum += i;
        }
        long took = System.nanoTime() - start;
        System.out.println(sum + " in " + took + " ns");
    }
}
