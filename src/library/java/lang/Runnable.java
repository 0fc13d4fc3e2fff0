/* m5's model of java.lang.Runnable. */
package java.lang;

public interface Runnable {
    void run();
}
