// Lambdas javac makes with altMetafactory: an intersection cast adds
// marker interfaces (Serializable among them), and a functional interface
// that narrows a generic one needs a bridge for the erased method.
import java.io.Serializable;

interface Marker {}
interface Gen<T> { T get(T x); }
interface StrGen extends Gen<String> { String get(String x); }

public class Main {
    public static void main(String[] args) {
        Runnable r = (Runnable & Serializable) () -> System.out.println("serializable");
        r.run();
        System.out.println(r instanceof Serializable);
        Runnable m = (Runnable & Marker) () -> System.out.println("marked");
        m.run();
        System.out.println((m instanceof Marker) + " " + (r instanceof Marker) + " " + (m instanceof Serializable));
        StrGen g = x -> x + "!";
        Gen<String> raw = g;
        System.out.println(g.get("a") + raw.get("b"));
        @SuppressWarnings({"rawtypes", "unchecked"})
        Gen<Object> wrong = (Gen) g;
        try {
            wrong.get(3);
        } catch (ClassCastException e) {
            System.out.println("ClassCastException");
        }
    }
}
