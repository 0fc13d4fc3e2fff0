// Exercises Throwable constructors, getMessage/getCause/toString for library and custom exceptions, including null messages and causes.
class MyException extends Exception {
    MyException() { super(); }
    MyException(String m) { super(m); }
    MyException(String m, Throwable c) { super(m, c); }
    MyException(Throwable c) { super(c); }
}

class Quiet extends RuntimeException {
    public String getMessage() { return "overridden message"; }
}

class Pretty extends RuntimeException {
    Pretty(String m) { super(m); }
    public String toString() { return "Pretty<" + getMessage() + ">"; }
}

public class Main {
    static void show(Throwable t) {
        System.out.println(t + " | msg=" + t.getMessage() + " | cause=" + t.getCause());
    }

    public static void main(String[] args) {
        show(new Exception());
        show(new Exception("m1"));
        show(new RuntimeException("m2"));
        show(new Error("err"));
        show(new AssertionError("assert msg"));
        show(new ArithmeticException("arith"));
        show(new NullPointerException("explicit npe msg"));
        show(new NullPointerException());
        show(new ArrayIndexOutOfBoundsException("aioobe"));
        show(new NegativeArraySizeException("nase"));
        show(new ClassCastException("cce"));
        show(new IllegalMonitorStateException("imse"));
        show(new IllegalArgumentException("iae"));
        show(new IllegalStateException("ise"));
        show(new NumberFormatException("nfe"));
        show(new UnsupportedOperationException("uoe"));
        show(new InterruptedException("ie"));
        show(new StringIndexOutOfBoundsException("sioobe"));
        show(new NoClassDefFoundError("ncdfe"));
        show(new Throwable("throwable"));
        show(new MyException());
        show(new MyException("mine"));
        Exception root = new IllegalStateException("root cause");
        show(new MyException("with cause", root));
        show(new MyException(root));
        show(new RuntimeException(root));
        show(new RuntimeException("explicit", null));
        show(new IllegalArgumentException("iae with cause", root));
        show(new Quiet());
        show(new Pretty("pp"));
        show(new RuntimeException(new Pretty("inner")));
        Throwable nullCause = new RuntimeException((Throwable) null);
        show(nullCause);
        try {
            throw new MyException("thrown", new ArithmeticException("because"));
        } catch (MyException e) {
            System.out.println("caught " + e.getMessage() + " caused by " + e.getCause().getMessage());
            System.out.println(e.getCause() instanceof ArithmeticException);
        }
        try {
            int z = 0;
            int r = 5 / z;
        } catch (ArithmeticException e) {
            show(e);
        }
        try {
            int[] a = new int[2];
            a[-1] = 0;
        } catch (ArrayIndexOutOfBoundsException e) {
            show(e);
        }
    }
}
