// Exercises tableswitch: dense cases, fallthrough, default, negative ranges, extreme keys, nested switches.
public class Main {
    static String name(int d) {
        switch (d) {
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3: return "three";
            case 4: return "four";
            case 5: return "five";
            default: return "many(" + d + ")";
        }
    }

    static int fall(int x) {
        int r = 0;
        switch (x) {
            case -2: r += 1;
            case -1: r += 10;
            case 0: r += 100;
                break;
            case 1: r += 1000;
            case 2: r += 10000;
            case 3:
            case 4: r += 100000;
                break;
            default: r = -1;
        }
        return r;
    }

    static int noDefault(int x) {
        int r = 7;
        switch (x) {
            case 10: r = 1; break;
            case 11: r = 2; break;
            case 12: r = 3; break;
            case 13: r = 4; break;
        }
        return r;
    }

    static int nearMax(int x) {
        switch (x) {
            case Integer.MAX_VALUE - 2: return 1;
            case Integer.MAX_VALUE - 1: return 2;
            case Integer.MAX_VALUE: return 3;
            default: return 0;
        }
    }

    static int nearMin(int x) {
        switch (x) {
            case Integer.MIN_VALUE: return -3;
            case Integer.MIN_VALUE + 1: return -2;
            case Integer.MIN_VALUE + 2: return -1;
            default: return 0;
        }
    }

    static String nested(int a, int b) {
        switch (a) {
            case 1:
                switch (b) {
                    case 1: return "1-1";
                    case 2: return "1-2";
                    case 3: return "1-3";
                    default: return "1-?";
                }
            case 2: return "2-any";
            case 3:
                switch (b) {
                    case 0: return "3-0";
                    case 1: return "3-1";
                    case 2: return "3-2";
                }
                return "3-fallout";
            default: return "?";
        }
    }

    public static void main(String[] args) {
        for (int i = -2; i <= 7; i++) System.out.println(i + " " + name(i) + " " + fall(i) + " " + noDefault(i + 9));
        System.out.println(name(Integer.MIN_VALUE) + " " + name(Integer.MAX_VALUE));
        System.out.println(fall(Integer.MIN_VALUE) + " " + fall(Integer.MAX_VALUE));
        for (int i = 0; i < 4; i++) {
            System.out.println(nearMax(Integer.MAX_VALUE - i) + " " + nearMin(Integer.MIN_VALUE + i) + " " + nearMax(i) + " " + nearMin(-i));
        }
        for (int a = 0; a <= 4; a++) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b <= 4; b++) sb.append(nested(a, b)).append(' ');
            System.out.println(sb);
        }
        byte by = 3;
        switch (by) {
            case 1: System.out.println("byte 1"); break;
            case 2: System.out.println("byte 2"); break;
            case 3: System.out.println("byte 3"); break;
            case 4: System.out.println("byte 4"); break;
        }
        short sh = -1;
        switch (sh) {
            case -1: System.out.println("short -1");
            case 0: System.out.println("short 0 (fallthrough)"); break;
            case 1: System.out.println("short 1"); break;
        }
        int total = 0;
        for (int i = 0; i < 10000; i++) total += fall(i % 9 - 3);
        System.out.println("total " + total);
    }
}
