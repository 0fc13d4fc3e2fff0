// A private method in a subclass never overrides: A.call() on a B runs
// A.hello, while B's own code reaches its private hello().
public class Main {
    public static void main(String[] args) {
        B b = new B();
        System.out.println(b.call());
        System.out.println(b.own());
        A a = b;
        System.out.println(a.hello());
    }
}
