import java.util.Map;
import java.util.Properties;

/**
 * The system properties and the environment a JVM reports: every standard
 * property that is the same on every run on one machine (the JDK's
 * version and vendor, its home, the class path, the host, the user, the
 * locale's encodings), a property given on the command line
 * (jvm-flags: -Dapp.mode=x), properties set and cleared by the program,
 * and environment variables.
 */
public class Main {
    static final String[] KEYS = {
        "java.version", "java.version.date", "java.vendor", "java.vendor.url",
        "java.vendor.url.bug", "java.vendor.version", "java.runtime.name",
        "java.runtime.version", "java.home", "java.class.path", "java.class.version",
        "java.library.path", "java.io.tmpdir", "java.specification.version",
        "java.specification.maintenance.version", "java.specification.name",
        "java.specification.vendor", "java.vm.specification.version",
        "java.vm.specification.name", "java.vm.specification.vendor",
        "java.vm.version", "java.vm.vendor", "line.separator", "file.separator",
        "path.separator", "os.name", "os.arch", "os.version", "user.name",
        "user.home", "user.dir", "user.language", "user.country", "user.variant",
        "user.script", "file.encoding", "native.encoding", "sun.jnu.encoding",
        "sun.stdout.encoding", "sun.stderr.encoding", "sun.arch.data.model",
        "sun.cpu.endian", "sun.io.unicode.encoding", "sun.boot.library.path",
        "sun.java.command", "sun.java.launcher", "sun.cpu.isalist",
        "app.mode", "no.such.property",
    };

    static String show(String v) {
        return v == null ? "(null)" : "[" + v.replace("\n", "\\n") + "]";
    }

    public static void main(String[] args) {
        for (String k : KEYS) {
            System.out.println(k + " = " + show(System.getProperty(k)));
        }
        System.out.println("default: " + System.getProperty("no.such.property", "dflt"));
        System.out.println("lineSeparator: " + show(System.lineSeparator()));
        System.out.println("Boolean.getBoolean(app.mode): " + Boolean.getBoolean("app.mode"));

        // The properties as an object: keyed lookups, changes seen by getProperty.
        Properties p = System.getProperties();
        System.out.println("same object: " + (p == System.getProperties()));
        System.out.println("java.home via object: " + show(p.getProperty("java.home")));
        System.out.println("set: " + show(System.setProperty("app.mode", "y")));
        System.out.println("after set: " + show(System.getProperty("app.mode")));
        System.out.println("object sees it: " + show(p.getProperty("app.mode")));
        p.setProperty("app.extra", "z");
        System.out.println("getProperty sees object: " + show(System.getProperty("app.extra")));
        System.out.println("clear: " + show(System.clearProperty("app.extra")));
        System.out.println("after clear: " + show(System.getProperty("app.extra")));
        try {
            System.getProperty(null);
        } catch (NullPointerException e) {
            System.out.println("null key: " + e.getMessage());
        }
        try {
            System.getProperty("");
        } catch (IllegalArgumentException e) {
            System.out.println("empty key: " + e.getMessage());
        }
        try {
            System.setProperty("app.none", null);
        } catch (NullPointerException e) {
            System.out.println("null value: NullPointerException");
        }

        // The environment.
        System.out.println("HOME = " + show(System.getenv("HOME")));
        System.out.println("PATH = " + show(System.getenv("PATH")));
        System.out.println("no such variable = " + show(System.getenv("M5_NO_SUCH_VARIABLE")));
        Map<String, String> env = System.getenv();
        System.out.println("getenv() agrees: " + show(env.get("HOME")) + " "
            + (env.size() > 0) + " " + env.getClass().getName());
        System.out.println("same map: " + (env == System.getenv()));
        try {
            env.put("X", "Y");
        } catch (UnsupportedOperationException e) {
            System.out.println("environment is read-only");
        }
        try {
            System.getenv(null);
        } catch (NullPointerException e) {
            System.out.println("null name: " + e.getMessage());
        }
    }
}
