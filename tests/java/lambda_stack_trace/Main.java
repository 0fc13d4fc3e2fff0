// An exception thrown inside a lambda: its stack trace shows the lambda's
// body and its caller, not the class that implements the interface; and
// one nobody catches ends the program.
public class Main {
    interface Action { void run(int x); }

    static void call(Action a, int x) {
        a.run(x);
    }

    public static void main(String[] args) {
        Action bad = x -> {
            if (x > 1) {
                throw new IllegalStateException("x is " + x);
            }
        };
        call(bad, 1);
        try {
            call(bad, 2);
        } catch (IllegalStateException e) {
            e.printStackTrace(System.out);
        }
        Runnable r = () -> call(bad, 3);
        r.run();
    }
}
