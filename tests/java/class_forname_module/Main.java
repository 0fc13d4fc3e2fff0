/*
 * Class.forName(Module, String): a class of the module, or null (a class
 * of another module, an unknown name, an array's name); never initialized.
 */
public class Main {
    static class Lazy {
        static {
            System.out.println("Lazy initialized");
        }
        static int x = 7;
    }

    static String show(Class<?> c) {
        return c == null ? "null" : c.getName();
    }

    public static void main(String[] args) {
        Module base = Object.class.getModule();
        Module mine = Main.class.getModule();
        System.out.println(base.getName() + " " + mine.isNamed());
        System.out.println(show(Class.forName(base, "java.util.ArrayList")));
        System.out.println(show(Class.forName(base, "Main")));
        System.out.println(show(Class.forName(mine, "Main")));
        System.out.println(show(Class.forName(mine, "java.lang.String")));
        System.out.println(show(Class.forName(mine, "NoSuchClass")));
        System.out.println(show(Class.forName(base, "[I")));
        System.out.println(show(Class.forName(mine, "Main$Lazy")));
        System.out.println("before use");
        System.out.println(Lazy.x);
        try {
            Class.forName(mine, null);
        } catch (NullPointerException e) {
            System.out.println("NPE");
        }
    }
}
