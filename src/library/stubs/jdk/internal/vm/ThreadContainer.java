/*
 * A stub for compiling m5's model library with javac 17: JDK 21+'s
 * jdk.internal.vm.ThreadContainer, named by LangAccess.start's descriptor.
 * build.sh compiles it implicitly and writes no class file for it, so the
 * user's JDK's own class is the one that runs.
 */
package jdk.internal.vm;

public abstract class ThreadContainer {
}
