/*
 * A stub for compiling m5's model library with javac 17: what the model's
 * Thread names of JDK 21+'s java.lang.ThreadBuilders. build.sh compiles it
 * implicitly and writes no class file for it, so the user's JDK's own
 * class is the one that runs.
 */
package java.lang;

class ThreadBuilders {
    static final class VirtualThreadBuilder {
    }

    static Thread newVirtualThread(java.util.concurrent.Executor scheduler, String name,
            int characteristics, Runnable task) {
        return null;
    }
}
