// Exercises invokevirtual dispatch through multi-level hierarchies, super calls (invokespecial), private methods, overloading, static vs instance.
class Animal {
    String name() { return "animal"; }
    String describe() { return "I am " + name() + " and say " + sound(); }
    String sound() { return "..."; }
    private String secret() { return "animal-secret"; }
    String callSecret() { return secret(); }
    static String kind() { return "Animal.kind"; }
    String over(Object o) { return "Animal.over(Object)"; }
    String over(String s) { return "Animal.over(String)"; }
    String over(int i) { return "Animal.over(int)"; }
    String over(long l) { return "Animal.over(long)"; }
    String over(double d) { return "Animal.over(double)"; }
}

class Dog extends Animal {
    String name() { return "dog"; }
    String sound() { return "woof"; }
    private String secret() { return "dog-secret"; }
    String dogSecret() { return secret(); }
    static String kind() { return "Dog.kind"; }
    String over(Object o) { return "Dog.over(Object)"; }
}

class Puppy extends Dog {
    String name() { return "puppy (" + super.name() + ")"; }
    String sound() { return super.sound() + "-yip"; }
    String describe() { return "[" + super.describe() + "]"; }
}

class Cat extends Animal {
    String sound() { return "meow"; }
}

public class Main {
    int value;
    Main(int v) { value = v; }
    Main() { this(7); }
    int get() { return value; }

    public static void main(String[] args) {
        Animal[] zoo = {new Animal(), new Dog(), new Puppy(), new Cat()};
        for (Animal a : zoo) {
            System.out.println(a.describe() + " / " + a.callSecret());
        }
        Dog d = new Puppy();
        System.out.println(d.dogSecret());
        System.out.println(Animal.kind() + " " + Dog.kind());
        Animal a = new Dog();
        Object o = "str";
        System.out.println(a.over(o));
        System.out.println(a.over("s"));
        System.out.println(a.over(1));
        System.out.println(a.over(1L));
        System.out.println(a.over(1.0f));
        System.out.println(a.over('c'));
        System.out.println(a.over((short) 1));
        System.out.println(a.over((Object) null));
        System.out.println(new Main().get() + " " + new Main(3).get());
        int total = 0;
        for (int i = 0; i < 2000; i++) {
            total += zoo[i % 4].sound().length();
        }
        System.out.println("total " + total);
    }
}
