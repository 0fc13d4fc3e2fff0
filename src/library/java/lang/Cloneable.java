/* m5's model of java.lang.Cloneable (marker interface checked by the native Object.clone). */
package java.lang;

public interface Cloneable {
}
