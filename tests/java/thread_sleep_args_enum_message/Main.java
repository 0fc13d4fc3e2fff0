// Argument checks with their messages: Thread.sleep's (one and two
// arguments) and Enum.valueOf's for a nested enum (the canonical name).
public class Main {
    enum Color { RED, GREEN }

    static class Outer {
        enum Inner { A }
    }

    public static void main(String[] args) throws Exception {
        long[] millis = {-1, -100, 0};
        int[] nanos = {0, -1, 1000000, 999999, 5};
        for (long m : millis) {
            for (int n : nanos) {
                try {
                    Thread.sleep(m, n);
                    System.out.println("slept " + m + " " + n);
                } catch (IllegalArgumentException e) {
                    System.out.println(m + " " + n + ": " + e.getMessage());
                }
            }
        }
        try {
            Thread.sleep(-3);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(Color.valueOf("GREEN"));
        try {
            Color.valueOf("BLUE");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            Outer.Inner.valueOf("B");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        try {
            Enum.valueOf(Color.class, null);
        } catch (NullPointerException e) {
            System.out.println("NPE " + e.getMessage());
        }
    }
}
