// Exercises System.exit(3): pending finally blocks are NOT run, later output never appears, exit code is 3.
public class Main {
    static void work(int n) {
        try {
            System.out.println("work " + n);
            if (n == 3) {
                System.out.println("exiting with 3");
                System.exit(n);
                System.out.println("after exit (never)");
            }
            work(n + 1);
        } finally {
            System.out.println("finally " + n + " (never printed for frames active at exit)");
        }
    }

    public static void main(String[] args) {
        try {
            work(0);
        } finally {
            System.out.println("main finally (never)");
        }
    }
}
