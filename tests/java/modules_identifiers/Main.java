import java.lang.invoke.MethodHandles;
import java.util.*;

/**
 * Class.getModule and getPackageName as the class path sees them,
 * isAssignableFrom and asSubclass, a
 * private lookup refused across modules, and Character's identifier
 * classes over the Basic Multilingual Plane and beyond.
 */
public class Main {
    static class Inner {
    }

    public static void main(String[] args) throws Exception {
        Module base = String.class.getModule();
        Module mine = Main.class.getModule();
        System.out.println(base.getName() + " " + base.isNamed() + " " + base);
        System.out.println(mine.getName() + " " + mine.isNamed());
        System.out.println((base == Map.class.getModule()) + " " + (base == int.class.getModule())
                + " " + (base == String[][].class.getModule()) + " " + (mine == Inner[].class.getModule())
                + " " + (mine == Inner.class.getModule()) + " " + (base == mine));
        System.out.println(mine.canRead(base) + " " + mine.isOpen("x") + " " + base.isOpen("java.lang", mine));
        for (Class<?> c : new Class<?>[] {String.class, Map.Entry.class, int.class, long[][].class,
                Main.class, Inner.class, Inner[].class, Thread.State.class}) {
            System.out.println(c.getName() + " in [" + c.getPackageName() + "]");
        }
        Class<?>[] types = {Object.class, Number.class, Integer.class, int.class, long.class,
                Comparable.class, int[].class, Object[].class, String[].class, CharSequence[].class,
                Cloneable.class, java.io.Serializable.class, Runnable.class, Thread.class, Main.class};
        StringBuilder sb = new StringBuilder();
        for (Class<?> to : types) {
            for (Class<?> from : types) {
                sb.append(to.isAssignableFrom(from) ? '1' : '0');
            }
            sb.append(' ');
        }
        System.out.println(sb);
        System.out.println(Integer.class.asSubclass(Number.class).getName());
        try {
            Number.class.asSubclass(Integer.class);
        } catch (ClassCastException e) {
            System.out.println("CCE " + e.getMessage());
        }
        try {
            Object.class.isAssignableFrom(null);
        } catch (NullPointerException e) {
            System.out.println("NPE");
        }
        MethodHandles.Lookup own = MethodHandles.privateLookupIn(Inner.class, MethodHandles.lookup());
        System.out.println("own lookup " + own.lookupClass().getName() + " " + own.lookupModes());
        try {
            MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
            System.out.println("no exception");
        } catch (IllegalAccessException e) {
            System.out.println("refused: " + e.getMessage().startsWith("module java.base does not open java.lang to unnamed module"));
        }
        try {
            MethodHandles.privateLookupIn(int.class, MethodHandles.lookup());
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        int[] counts = new int[5];
        long hash = 0;
        for (int cp = 0; cp < 0x11000; cp++) {
            boolean[] b = {Character.isJavaIdentifierStart(cp), Character.isJavaIdentifierPart(cp),
                    Character.isUnicodeIdentifierStart(cp), Character.isUnicodeIdentifierPart(cp),
                    Character.isIdentifierIgnorable(cp)};
            for (int k = 0; k < b.length; k++) {
                if (b[k]) {
                    counts[k]++;
                    hash = hash * 31 + cp * (k + 1);
                }
            }
        }
        System.out.println(Arrays.toString(counts) + " " + hash);
        System.out.println(Character.isJavaIdentifierStart('$') + " " + Character.isJavaIdentifierPart('\u0000')
                + " " + Character.isJavaIdentifierStart('9') + " " + Character.isUnicodeIdentifierStart('_')
                + " " + Character.isIdentifierIgnorable('\u200b') + " " + Character.isJavaIdentifierPart('\u00ad'));
    }
}
