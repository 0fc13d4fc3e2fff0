// Exercises ishl/ishr/iushr with shift-count masking, iand/ior/ixor, ineg and bit tricks.
public class Main {
    static int shl(int a, int n) { return a << n; }
    static int shr(int a, int n) { return a >> n; }
    static int ushr(int a, int n) { return a >>> n; }

    public static void main(String[] args) {
        int[] vals = {1, -1, 0x80000000, 0x7fffffff, 0x12345678, -123456};
        int[] shifts = {0, 1, 5, 31, 32, 33, 63, -1, -31, 100};
        for (int v : vals) {
            StringBuilder sb = new StringBuilder();
            for (int n : shifts) {
                sb.append(shl(v, n)).append(' ').append(shr(v, n)).append(' ').append(ushr(v, n)).append(" | ");
            }
            System.out.println(sb.toString());
        }
        int a = 0xF0F0F0F0, b = 0x0FF00FF0;
        System.out.println(a & b);
        System.out.println(a | b);
        System.out.println(a ^ b);
        System.out.println(~a);
        System.out.println(~0);
        System.out.println(-a);
        System.out.println(Integer.toHexString(a & b) + " " + Integer.toHexString(a | b) + " " + Integer.toHexString(a ^ b));
        int x = 0b1011_0000;
        System.out.println(x & -x);
        System.out.println(x & (x - 1));
        int pop = 0;
        int y = 0xDEADBEEF;
        while (y != 0) { pop += y & 1; y >>>= 1; }
        System.out.println("popcount " + pop);
        int z = -1;
        z >>= 10;
        System.out.println(z);
        z = -1;
        z >>>= 10;
        System.out.println(z);
        z <<= 35;
        System.out.println(z);
        byte by = (byte) 0x80;
        System.out.println(by >> 1);
        System.out.println(by >>> 1);
        System.out.println((by & 0xff) >>> 1);
        char ch = 'A';
        System.out.println(ch << 2);
        System.out.println(ch ^ ' ');
        System.out.println((char) (ch ^ ' '));
        boolean t = true, f = false;
        System.out.println(t & f);
        System.out.println(t | f);
        System.out.println(t ^ f);
        System.out.println(t ^ t);
        System.out.println(!t);
    }
}
