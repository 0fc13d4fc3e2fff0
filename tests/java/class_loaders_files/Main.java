/*
 * The JDK's class loaders as the JDK builds them (the system and platform
 * loaders), a class initialized through Lookup.ensureInitialized
 * (Unsafe.ensureClassInitialized0), File's canonical paths and attributes
 * (the host's file system, read-only), a private nested class's modifiers.
 */
import java.io.File;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;

public class Main {
    static class Lazy {
        static {
            System.out.println("Lazy initialized");
        }
        static int x = 5;
    }

    private static class Hidden {
    }

    public static void main(String[] args) throws Exception {
        ClassLoader scl = ClassLoader.getSystemClassLoader();
        System.out.println("system loader: " + (scl != null) + " " + scl.getName());
        System.out.println("platform loader: " + scl.getParent().getName());
        System.out.println("before ensureInitialized");
        MethodHandles.privateLookupIn(Lazy.class, MethodHandles.lookup()).ensureInitialized(Lazy.class);
        System.out.println("after ensureInitialized " + Lazy.x);
        File here = new File(".");
        File missing = new File("no/such/../file.txt");
        System.out.println("canonical: " + here.getCanonicalPath().equals(System.getProperty("user.dir")));
        System.out.println("missing: " + missing.getCanonicalPath().endsWith("/no/file.txt") + " " + missing.exists());
        System.out.println("exists: " + here.exists() + " " + here.isDirectory() + " " + here.isFile());
        System.out.println("Main.class file: " + new File("Main.class").isFile());
        System.out.println("hidden modifiers: " + Modifier.toString(Hidden.class.getModifiers()));
    }
}
