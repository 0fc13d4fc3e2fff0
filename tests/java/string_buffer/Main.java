/*
 * StringBuffer: every method as StringBuilder's, with edge cases and
 * messages, and two threads appending to one buffer (its methods are
 * synchronized: no update is lost, whatever the schedule).
 */
public class Main {
    static void show(String label, Object v) {
        System.out.println(label + ": " + v);
    }

    interface Thunk {
        Object get();
    }

    static void attempt(String label, Thunk t) {
        try {
            show(label, t.get());
        } catch (RuntimeException e) {
            show(label, e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        StringBuffer sb = new StringBuffer();
        sb.append("abc").append(1).append('x').append(2L).append(1.5f).append(2.25).append(true)
                .append((Object) null).append((String) null).append(new char[] {'p', 'q'})
                .append("hello", 1, 3).append(new StringBuffer("sb")).appendCodePoint(0x1F600);
        show("appended", sb);
        show("length", sb.length() + " " + sb.capacity() + " " + sb.charAt(2) + " " + sb.codePointAt(sb.length() - 2));
        sb.insert(0, "<").insert(1, 7).insert(sb.length(), '>').insert(2, (Object) "o").insert(3, 3.5);
        show("inserted", sb);
        sb.replace(0, 3, "R").delete(1, 4).deleteCharAt(0).reverse();
        show("edited", sb);
        show("search", sb.indexOf("e") + " " + sb.indexOf("e", 5) + " " + sb.lastIndexOf("l") + " " + sb.lastIndexOf("l", 3));
        show("substring", sb.substring(2) + "|" + sb.substring(1, 4) + "|" + sb.subSequence(0, 2));
        sb.setLength(5);
        sb.setCharAt(0, 'Z');
        show("set", sb + " " + sb.length());
        char[] dst = new char[4];
        sb.getChars(1, 4, dst, 0);
        show("getChars", new String(dst, 0, 3));
        show("compareTo", new StringBuffer("a").compareTo(new StringBuffer("b")) + " " + new StringBuffer("b").compareTo(new StringBuffer("b")));
        show("String(StringBuffer)", new String(new StringBuffer("copy")));
        show("contentEquals", "abc".contentEquals(new StringBuffer("abc")) + " " + "abc".contentEquals(new StringBuffer("abd")));
        show("StringBuilder.append(StringBuffer)", new StringBuilder("x").append(new StringBuffer("y")).append((StringBuffer) null));
        attempt("charAt", () -> new StringBuffer("ab").charAt(5));
        attempt("delete", () -> new StringBuffer("ab").delete(3, 4));
        attempt("insert", () -> new StringBuffer("ab").insert(9, "x"));
        attempt("setLength", () -> {
            new StringBuffer("ab").setLength(-1);
            return "no";
        });
        StringBuffer shared = new StringBuffer();
        Thread[] ts = new Thread[3];
        for (int t = 0; t < ts.length; t++) {
            final char c = (char) ('a' + t);
            ts[t] = new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                    shared.append(c);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        int[] counts = new int[3];
        for (int i = 0; i < shared.length(); i++) {
            counts[shared.charAt(i) - 'a']++;
        }
        show("threads", shared.length() + " " + counts[0] + " " + counts[1] + " " + counts[2]);
    }
}
