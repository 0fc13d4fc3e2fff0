// Deep recursion throws StackOverflowError, which can be caught; 5,000
// frames are fine (HotSpot holds 9,800 to 55,000 of this method).
public class Main {
    static int depth;

    static void f(int n) {
        depth++;
        if (n > 0) {
            f(n - 1);
        }
    }

    static int g(int n) {
        return n <= 0 ? 0 : 1 + g(n - 1);
    }

    public static void main(String[] args) {
        f(5000);
        System.out.println("5000 deep: " + depth);
        try {
            f(200000);
            System.out.println("not reached");
        } catch (StackOverflowError e) {
            System.out.println("caught " + e.getClass().getName() + ", depth > 9000: " + (depth > 9000));
        }
        System.out.println("g(3000) = " + g(3000));
        f(1000000);
    }
}
