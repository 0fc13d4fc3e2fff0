// Method references of every kind: static, bound (`obj::m`, which javac
// guards with Objects.requireNonNull), unbound (`Type::m`), constructor,
// array constructor, a superclass method through `super::m`, an interface
// method.
interface Fn<A, B> { B apply(A a); }
interface Maker<T> { T make(String s); }
interface Sized { int size(); }

class Base {
    String hello() { return "base hello"; }
}

public class Main extends Base {
    int base = 10;

    int addBase(int x) { return x + base; }
    static String twice(String s) { return s + s; }
    @Override String hello() { return "main hello"; }

    Fn<Integer, String> viaSuper() {
        return x -> super.hello() + x;
    }

    Maker<String> superRef() {
        Fn<String, String> f = s -> s;
        return s -> f.apply(hello()) + "/" + s;
    }

    static class Box implements Sized {
        final int n;
        Box(String s) { n = s.length(); }
        public int size() { return n; }
    }

    public static void main(String[] args) {
        Fn<String, String> tw = Main::twice;
        System.out.println(tw.apply("ab"));
        Main m = new Main();
        Fn<Integer, Integer> bound = m::addBase;
        m.base = 20;
        System.out.println(bound.apply(1));
        Fn<String, Integer> len = String::length;
        System.out.println(len.apply("hello"));
        Fn<String, String> up = String::toUpperCase;
        System.out.println(up.apply("shout"));
        Maker<StringBuilder> sb = StringBuilder::new;
        System.out.println(sb.make("sb").append('!'));
        Maker<Box> boxes = Box::new;
        Fn<Sized, Integer> size = Sized::size;
        System.out.println(size.apply(boxes.make("four")));
        Fn<Integer, int[]> ints = int[]::new;
        Fn<Integer, String[][]> grid = String[][]::new;
        System.out.println(ints.apply(3).length + " " + grid.apply(2).length);
        System.out.println(m.viaSuper().apply(1));
        System.out.println(m.superRef().make("x"));
        Fn<Object, String> str = String::valueOf;
        System.out.println(str.apply(42) + str.apply(null));
        Main none = null;
        try {
            Fn<Integer, Integer> f = none::addBase;
            System.out.println("not reached " + f);
        } catch (NullPointerException e) {
            System.out.println("bound to null: NullPointerException");
        }
    }
}
