// NEGATIVE TWIN of classfiles/infer-after-start: the divisor is 3, so the
// result is 10 and then 11, 22, 21: positive.
class Worker extends Thread {
    int div;
    int result;

    public void run() {
        div = 3;
        result = 30 / div;
        result = result + 1;
        result = result * 2;
        result = result - 1;
    }
}

public class Main {
    public static void main(String[] args) {
        Worker w = new Worker();
        w.start();
    }
}
