package pkg;
public class Thing {
    public void run() {}
    public static class Nested { public void go() {} }
    public class Inner { public void go() {} }
}
