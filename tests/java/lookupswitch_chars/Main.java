// Exercises lookupswitch with sparse int keys (including negative and extreme) and switches on char values (sparse -> lookupswitch, dense -> tableswitch).
public class Main {
    static int sparse(int x) {
        switch (x) {
            case -1000000: return 1;
            case -5: return 2;
            case 0: return 3;
            case 17: return 4;
            case 1000: return 5;
            case 65536: return 6;
            case Integer.MAX_VALUE: return 7;
            case Integer.MIN_VALUE: return 8;
            default: return -1;
        }
    }

    static String kind(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u':
                return "vowel";
            case ' ': return "space";
            case '\n': return "newline";
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
                return "digit";
            case '!': case '?': case '.': return "punct";
            case '\uffff': return "max-char";
            default:
                if (c >= 'a' && c <= 'z') return "consonant";
                if (c >= 'A' && c <= 'Z') return "upper";
                return "other(" + (int) c + ")";
        }
    }

    // dense char keys: compiled to a tableswitch on the char value
    static int hexVal(char c) {
        switch (c) {
            case 'a': return 10;
            case 'b': return 11;
            case 'c': return 12;
            case 'd': return 13;
            case 'e': return 14;
            case 'f': return 15;
            default: return -1;
        }
    }

    static int sparseFall(int x) {
        int r = 0;
        switch (x) {
            case 100: r += 1;
            case 200: r += 2;
            case 300: r += 4; break;
            case 5000: r += 8;
            default: r += 16;
        }
        return r;
    }

    public static void main(String[] args) {
        int[] keys = {-1000000, -5, 0, 17, 1000, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 1, -1, 999, 65535, 18};
        for (int k : keys) System.out.println(k + " -> " + sparse(k));
        String s = "Hello, world! 42 times?\nYes.";
        char[] cs = s.toCharArray();
        for (int i = 0; i < cs.length; i++) {
            System.out.println("'" + (cs[i] == '\n' ? "\\n" : String.valueOf(cs[i])) + "' " + kind(cs[i]));
        }
        System.out.println(kind('\uffff') + " " + kind((char) 0));
        int[] fk = {100, 200, 300, 5000, 1, 0};
        for (int k : fk) System.out.println("fall " + k + " " + sparseFall(k));
        StringBuilder hv = new StringBuilder();
        for (char ch = '_'; ch <= 'h'; ch++) hv.append(hexVal(ch)).append(' ');
        System.out.println(hv);
        int counts = 0;
        for (int i = -20; i < 1100; i++) counts += sparse(i);
        System.out.println("sum of sparse " + counts);
    }
}
