/**
 * Threads that dereference standard system properties, as ordinary
 * programs do (JDK concurrency tests check the Java version and split
 * output by the line separator): on HotSpot none of them is ever null, so
 * no schedule throws. Main then reads java.home through
 * System.getProperties(), as the JDK's own jdk.internal.util.StaticProperty
 * does (which throws InternalError when it is missing).
 */
public class ReadsProperties {
    static class Reader extends Thread {
        int seen;

        public void run() {
            String version = System.getProperty("java.version");
            String nl = System.getProperty("line.separator");
            seen = version.length() + nl.length();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Reader a = new Reader();
        Reader b = new Reader();
        a.start();
        b.start();
        a.join();
        b.join();
        String home = System.getProperties().getProperty("java.home");
        assert a.seen == b.seen && !home.isEmpty();
        System.out.println("ok");
    }
}
