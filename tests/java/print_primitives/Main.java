// Exercises every System.out.print/println overload: boolean, char, int, long, float, double, char[], String, Object, null, empty println.
public class Main {
    public static void main(String[] args) {
        System.out.println(true);
        System.out.println(false);
        System.out.println('x');
        System.out.println((char) 48);
        System.out.println(0);
        System.out.println(-2147483648);
        System.out.println(9223372036854775807L);
        System.out.println(-0L);
        System.out.println(3.0f);
        System.out.println(-0.0f);
        System.out.println(1e-3);
        System.out.println(100.0);
        System.out.println(new char[]{'c', 'h', 'a', 'r', 's'});
        System.out.println(new char[0]);
        System.out.println("string");
        System.out.println("");
        System.out.println((String) null);
        System.out.println((Object) null);
        System.out.println(new StringBuilder("builder"));
        System.out.println((byte) -1);
        System.out.println((short) 1000);
        System.out.println();
        System.out.print(true);
        System.out.print(' ');
        System.out.print('c');
        System.out.print(1);
        System.out.print(2L);
        System.out.print(3.5f);
        System.out.print(4.25);
        System.out.print(new char[]{'!', '?'});
        System.out.print("str");
        System.out.print((String) null);
        System.out.print((Object) null);
        System.out.print(new StringBuilder("sb"));
        System.out.print('\n');
        System.out.print("line1\nline2\n");
        System.out.print("tab\tend\r\n");
        for (int i = 0; i < 5; i++) {
            System.out.print(i);
            System.out.print(i < 4 ? ", " : "\n");
        }
        char[] big = new char[100];
        for (int i = 0; i < big.length; i++) big[i] = (char) ('a' + i % 26);
        System.out.println(big);
    }
}
