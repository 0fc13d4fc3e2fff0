// What the metafactory adapts between the interface's erased method and
// the implementation: casts, boxing, unboxing, widening, a dropped
// result; and the exceptions those adaptations throw.
interface Fn<A, B> { B apply(A a); }
interface ToLong { long f(int x); }
interface ToDouble<T> { double f(T t); }
interface IntToObj { Object f(int x); }
interface Sink<T> { void accept(T t); }
interface Pred<T> { boolean test(T t); }

public class Main {
    static int sunk;

    static int square(int x) { return x * x; }
    static Integer boxed(int x) { return x + 1; }
    static long widen(int x) { return x; }
    static int sink(String s) { sunk += s.length(); return sunk; }

    public static void main(String[] args) {
        Fn<Integer, Integer> sq = Main::square;
        System.out.println(sq.apply(12));
        ToLong tl = x -> x * 1000000000L;
        System.out.println(tl.f(5));
        ToLong w = Main::widen;
        System.out.println(w.f(-3));
        ToDouble<Integer> td = Main::square;
        System.out.println(td.f(3));
        IntToObj io = Main::boxed;
        System.out.println(io.f(41));
        IntToObj sqo = Main::square;
        System.out.println(sqo.f(9).getClass().getName());
        Sink<String> s = Main::sink;
        s.accept("abc");
        s.accept("de");
        System.out.println(sunk);
        Pred<String> empty = String::isEmpty;
        System.out.println(empty.test("") + " " + empty.test("x"));
        Fn<Integer, Boolean> pos = x -> x > 0;
        System.out.println(pos.apply(-3) + " " + pos.apply(3));
        Fn<Character, Integer> code = c -> (int) c;
        System.out.println(code.apply('A'));
        Fn<Long, Long> inc = x -> x + 1;
        System.out.println(inc.apply(Long.MAX_VALUE));
        @SuppressWarnings({"rawtypes", "unchecked"})
        Fn raw = (Fn<String, Integer>) String::length;
        try {
            raw.apply(3);
        } catch (ClassCastException e) {
            System.out.println("ClassCastException");
        }
        Fn<Integer, Integer> un = Main::square;
        try {
            un.apply(null);
        } catch (NullPointerException e) {
            System.out.println("NullPointerException");
        }
        Fn<String, Integer> len = String::length;
        try {
            len.apply(null);
        } catch (NullPointerException e) {
            System.out.println("NullPointerException again");
        }
    }
}
