// Exercises user-defined generic classes (erasure, checkcast on get), an array-backed list, linked stack, generic interface and bounded generic method.
interface Mapper<A, B> {
    B map(A a);
}

class MyList<T> {
    private Object[] data = new Object[2];
    private int size;
    void add(T t) {
        if (size == data.length) {
            Object[] n = new Object[data.length * 2];
            System.arraycopy(data, 0, n, 0, size);
            data = n;
        }
        data[size++] = t;
    }
    @SuppressWarnings("unchecked")
    T get(int i) {
        if (i < 0 || i >= size) throw new IllegalArgumentException("index " + i + " size " + size);
        return (T) data[i];
    }
    int size() { return size; }
    <R> MyList<R> map(Mapper<T, R> f) {
        MyList<R> out = new MyList<R>();
        for (int i = 0; i < size; i++) out.add(f.map(get(i)));
        return out;
    }
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < size; i++) { if (i > 0) sb.append(", "); sb.append(data[i]); }
        return sb.append("]").toString();
    }
}

class Stack<T> {
    private static class Cell<T> { T v; Cell<T> next; Cell(T v, Cell<T> n) { this.v = v; next = n; } }
    private Cell<T> top;
    private int n;
    void push(T v) { top = new Cell<T>(v, top); n++; }
    T pop() {
        if (top == null) throw new IllegalStateException("empty stack");
        T v = top.v; top = top.next; n--; return v;
    }
    boolean isEmpty() { return top == null; }
}

class Pair<A, B> {
    final A first; final B second;
    Pair(A a, B b) { first = a; second = b; }
    public String toString() { return "<" + first + "|" + second + ">"; }
}

abstract class Shape { abstract int area(); }
class Sq extends Shape { int s; Sq(int s) { this.s = s; } int area() { return s * s; } public String toString() { return "Sq" + s; } }

public class Main {
    static <T extends Shape> T biggest(MyList<T> list) {
        T best = null;
        for (int i = 0; i < list.size(); i++) if (best == null || list.get(i).area() > best.area()) best = list.get(i);
        return best;
    }

    public static void main(String[] args) {
        MyList<String> words = new MyList<String>();
        String[] src = {"alpha", "beta", "gamma", "delta", "epsilon"};
        for (String s : src) words.add(s);
        System.out.println(words + " size " + words.size());
        MyList<Integer> lens = words.map(new Mapper<String, Integer>() {
            public Integer map(String s) { return s.length(); }
        });
        System.out.println(lens);
        int total = 0;
        for (int i = 0; i < lens.size(); i++) total += lens.get(i);
        System.out.println("total " + total);
        Stack<Pair<String, Integer>> st = new Stack<Pair<String, Integer>>();
        for (int i = 0; i < words.size(); i++) st.push(new Pair<String, Integer>(words.get(i), lens.get(i)));
        StringBuilder sb = new StringBuilder();
        while (!st.isEmpty()) sb.append(st.pop()).append(' ');
        System.out.println(sb);
        try {
            st.pop();
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
        try {
            words.get(10);
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        MyList<Sq> sqs = new MyList<Sq>();
        for (int i = 1; i <= 9; i++) sqs.add(new Sq((i * 7) % 10));
        System.out.println("biggest " + biggest(sqs));
        @SuppressWarnings({"rawtypes", "unchecked"})
        MyList raw = words;
        raw.add(Integer.valueOf(5));
        try {
            String s = words.get(5);
            System.out.println("no CCE " + s);
        } catch (ClassCastException e) {
            System.out.println("heap pollution detected by checkcast");
        }
        MyList<Long> big = new MyList<Long>();
        for (long i = 0; i < 2000; i++) big.add(i * i);
        long sum = 0;
        for (int i = 0; i < big.size(); i++) sum += big.get(i);
        System.out.println("sum squares " + sum);
    }
}
