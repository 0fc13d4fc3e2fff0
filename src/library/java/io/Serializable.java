/* m5's model of java.io.Serializable (marker interface). */
package java.io;

public interface Serializable {
}
