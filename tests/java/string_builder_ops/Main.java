// Exercises StringBuilder: append of every type (incl. char[], null, Object, boolean, float/double), insert, reverse, length, charAt, setLength, toString.
class Point {
    int x, y;
    Point(int x, int y) { this.x = x; this.y = y; }
    public String toString() { return "(" + x + "," + y + ")"; }
}

public class Main {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        sb.append(true).append(' ').append(false).append(' ');
        sb.append('c').append(' ').append((byte) -3).append(' ').append((short) 300).append(' ');
        sb.append(42).append(' ').append(-7L).append(' ').append(Long.MIN_VALUE).append(' ');
        sb.append(1.5f).append(' ').append(0.1).append(' ').append(1e20).append(' ').append(Float.NaN).append(' ');
        sb.append("str").append(' ').append((String) null).append(' ').append((Object) null).append(' ');
        sb.append(new char[]{'a', 'b', 'c'}).append(' ').append(new Point(1, 2)).append(' ');
        sb.append((Object) new StringBuilder("nested"));
        System.out.println(sb.toString());
        System.out.println(sb.length());
        StringBuilder r = new StringBuilder("abcdef");
        r.reverse();
        System.out.println(r + " " + r.length() + " " + r.charAt(0) + r.charAt(5));
        r.insert(0, "X").insert(3, 99).insert(r.length(), '!').insert(1, true).insert(2, 1.5).insert(0, (Object) "obj");
        System.out.println(r);
        r.setLength(4);
        System.out.println("[" + r + "] " + r.length());
        r.setLength(6);
        System.out.println(r.length() + " " + (int) r.charAt(4) + " " + (int) r.charAt(5));
        r.setLength(0);
        System.out.println("[" + r + "] " + r.length());
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 1000; i++) big.append(i % 10);
        System.out.println(big.length() + " " + big.charAt(999) + " " + big.toString().substring(995));
        StringBuilder pal = new StringBuilder("racecar");
        System.out.println(pal.toString().equals(pal.reverse().toString()));
        StringBuilder s2 = new StringBuilder("hello");
        String snapshot = s2.toString();
        s2.append(" world");
        System.out.println(snapshot + " | " + s2);
        try {
            s2.charAt(100);
            System.out.println("no exception");
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("charAt out of range -> SIOOBE");
        } catch (RuntimeException e) {
            System.out.println("charAt out of range -> other");
        }
        StringBuilder nums = new StringBuilder();
        nums.append(Integer.MIN_VALUE).append('|').append(Integer.MAX_VALUE).append('|').append(-0.0).append('|').append(-0.0f).append('|').append(Double.MIN_VALUE);
        System.out.println(nums);
        StringBuilder cap = new StringBuilder(2);
        cap.append("longer than capacity");
        System.out.println(cap);
        char c = 'a';
        int ci = 'a';
        System.out.println(new StringBuilder().append(c).append(ci).append((char) ci).append(c + 1).append((char) (c + 1)));
    }
}
