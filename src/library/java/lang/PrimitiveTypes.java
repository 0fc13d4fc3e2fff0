/*
 * The TYPE fields of the box classes (int.class is Integer.TYPE). Each is
 * declared by a package-private interface the box class implements: field
 * resolution finds it there (JVMS 5.4.3.2), and reading it initializes only
 * the interface (JVMS 5.5), so the box classes themselves keep having no
 * class initializer (valueOf and parse stay one call, no <clinit> frame).
 * The same holds for String.CASE_INSENSITIVE_ORDER.
 */
package java.lang;

interface BooleanType {
    @SuppressWarnings("unchecked")
    Class<Boolean> TYPE = (Class<Boolean>) Class.getPrimitiveClass("boolean");
}

interface ByteType {
    @SuppressWarnings("unchecked")
    Class<Byte> TYPE = (Class<Byte>) Class.getPrimitiveClass("byte");
}

interface CharacterType {
    @SuppressWarnings("unchecked")
    Class<Character> TYPE = (Class<Character>) Class.getPrimitiveClass("char");
}

interface ShortType {
    @SuppressWarnings("unchecked")
    Class<Short> TYPE = (Class<Short>) Class.getPrimitiveClass("short");
}

interface IntegerType {
    @SuppressWarnings("unchecked")
    Class<Integer> TYPE = (Class<Integer>) Class.getPrimitiveClass("int");
}

interface LongType {
    @SuppressWarnings("unchecked")
    Class<Long> TYPE = (Class<Long>) Class.getPrimitiveClass("long");
}

interface FloatType {
    @SuppressWarnings("unchecked")
    Class<Float> TYPE = (Class<Float>) Class.getPrimitiveClass("float");
}

interface DoubleType {
    @SuppressWarnings("unchecked")
    Class<Double> TYPE = (Class<Double>) Class.getPrimitiveClass("double");
}

interface StringStatics {
    java.util.Comparator<String> CASE_INSENSITIVE_ORDER = new CaseInsensitiveComparator();

    final class CaseInsensitiveComparator implements java.util.Comparator<String>, java.io.Serializable {
        public int compare(String s1, String s2) {
            return s1.compareToIgnoreCase(s2);
        }
    }
}
