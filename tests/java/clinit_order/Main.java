// Exercises class initialization triggers and order: superclass first, new/getstatic/putstatic/invokestatic, constants not triggering, arrays not triggering, static field via subclass.
class Log {
    static StringBuilder sb = new StringBuilder();
    static int mark(String s) { System.out.println("init: " + s); return s.length(); }
}

class A {
    static int a = Log.mark("A.a");
    static { Log.mark("A static block"); }
    static final int CONST = 100;           // compile-time constant: no init
    static final String SCONST = "sconst";  // compile-time constant: no init
    static final Integer BOXED = Integer.valueOf(Log.mark("A.BOXED")); // not a constant
    static int shared = 5;
    static void hello() { System.out.println("A.hello a=" + a); }
}

class B extends A {
    static int b = Log.mark("B.b");
    static { System.out.println("B static block sees A.a=" + A.a + " b=" + b); }
    static int late = 7;
    static void bHello() { System.out.println("B.bHello"); }
}

class C extends B {
    static { System.out.println("C static block"); }
    int inst = Log.mark("C instance field");
    C() { System.out.println("C ctor"); }
}

class D {
    static { System.out.println("D static block"); }
    static int value = 1;
}

class E {
    static { System.out.println("E static block"); }
    static void run() { System.out.println("E.run"); }
}

class Order {
    static int first = next("first");
    static Order instance = new Order();
    static int second = next("second");
    static int counter;
    int seenCounter;
    Order() { seenCounter = counter; System.out.println("Order ctor sees counter=" + counter + " second=" + second); }
    static int next(String s) { counter++; System.out.println("Order." + s + " counter=" + counter); return counter; }
}

class SelfRef {
    static int x = 10;
    static int y = x * 2 + SelfRef.z; // z still default 0 here
    static int z = 3;
}

public class Main {
    static { System.out.println("Main static block"); }

    public static void main(String[] args) {
        System.out.println("main start");
        System.out.println("constant " + A.CONST + " " + A.SCONST);
        A[] arr = new A[3];
        System.out.println("array of A created, length " + arr.length);
        System.out.println("reading B.shared (declared in A) = " + B.shared);
        System.out.println("calling B.hello via subclass");
        B.hello();
        System.out.println("now B.late");
        System.out.println(B.late);
        System.out.println("new C");
        new C();
        System.out.println("new C again");
        new C();
        System.out.println("putstatic D.value");
        D.value = 5;
        System.out.println("D.value " + D.value);
        System.out.println("invokestatic E.run");
        E.run();
        E.run();
        System.out.println("Order.instance.seenCounter=" + Order.instance.seenCounter + " first=" + Order.first + " second=" + Order.second + " counter=" + Order.counter);
        System.out.println("SelfRef " + SelfRef.x + " " + SelfRef.y + " " + SelfRef.z);
        System.out.println("A.BOXED " + A.BOXED);
        System.out.println("main end");
    }
}
