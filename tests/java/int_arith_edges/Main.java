// Exercises int arithmetic edge cases: overflow, idiv/irem by zero, MIN_VALUE/-1, negation, iinc.
public class Main {
    static int div(int a, int b) { return a / b; }
    static int rem(int a, int b) { return a % b; }

    public static void main(String[] args) {
        int max = Integer.MAX_VALUE;
        int min = Integer.MIN_VALUE;
        System.out.println(max + 1);
        System.out.println(min - 1);
        System.out.println(max * 2);
        System.out.println(max * max);
        System.out.println(min * -1);
        System.out.println(-min);
        System.out.println(div(min, -1));
        System.out.println(rem(min, -1));
        int[] as = {7, -7, 7, -7, 0, 1, -1, 100, min, max};
        int[] bs = {2, 2, -2, -2, 5, 3, 3, -7, 2, -3};
        for (int i = 0; i < as.length; i++) {
            System.out.println(as[i] + " / " + bs[i] + " = " + div(as[i], bs[i]) + " rem " + rem(as[i], bs[i]));
        }
        try {
            System.out.println(div(5, 0));
        } catch (ArithmeticException e) {
            System.out.println("div: " + e.getMessage());
        }
        try {
            System.out.println(rem(5, 0));
        } catch (ArithmeticException e) {
            System.out.println("rem: " + e);
        }
        try {
            System.out.println(div(0, 0));
        } catch (ArithmeticException e) {
            System.out.println("0/0: " + e.getMessage());
        }
        int i = 10;
        i += 100;
        i -= 3;
        i++;
        i--;
        ++i;
        i += 32767;
        i += -32768;
        i += 1000000;
        System.out.println("iinc " + i);
        short s = 32767;
        s++;
        System.out.println("short wrap " + s);
        byte b = 127;
        b += 1;
        System.out.println("byte wrap " + b);
        char c = 65535;
        c++;
        System.out.println("char wrap " + (int) c);
        int acc = 0;
        for (int k = 0; k < 1000; k++) {
            acc = acc * 31 + k;
        }
        System.out.println("hash acc " + acc);
        System.out.println(-0 == 0);
        System.out.println(3 * -4 + 10 % 4 - -2);
        int x = 5;
        x = x++ + ++x;
        System.out.println("x " + x);
    }
}
