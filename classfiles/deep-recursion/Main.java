// Recursion 200,000 calls deep: HotSpot throws StackOverflowError (its
// default 1 MB stack holds 10,000 to 55,000 frames of this method). m5
// once explored it "ok"; an endless recursion grew until memory ran out.
public class Main {
    static void f(int n) {
        if (n > 0) {
            f(n - 1);
        }
    }

    public static void main(String[] args) {
        f(200000);
    }
}
