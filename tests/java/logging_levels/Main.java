import java.util.logging.Level;

// Classes of a JDK module other than java.base (java.logging): m5 reads
// them from the JDK's image. Levels parsed by name and by number, their
// order, the bootstrap loader (null) that defines java.logging, and the
// module a ClassCastException's message names.
public class Main {
    public static void main(String[] args) {
        Level[] all = {Level.OFF, Level.SEVERE, Level.WARNING, Level.INFO, Level.CONFIG,
            Level.FINE, Level.FINER, Level.FINEST, Level.ALL};
        for (Level l : all) {
            System.out.println(l.getName() + " " + l.intValue() + " " + l);
        }
        System.out.println(Level.parse("SEVERE") == Level.SEVERE);
        System.out.println(Level.parse("800") == Level.INFO);
        System.out.println(Level.parse("750").getName());
        try {
            Level.parse(null);
        } catch (NullPointerException e) {
            System.out.println("no name");
        }
        System.out.println("above info: " + (Level.WARNING.intValue() > Level.INFO.intValue()));
        System.out.println(Level.WARNING.equals(Level.parse("WARNING")) + " "
            + Level.WARNING.hashCode());
        System.out.println(Level.class.getClassLoader());
        Object o = Level.INFO;
        try {
            System.out.println((String) o);
        } catch (ClassCastException e) {
            System.out.println(e.getMessage());
        }
        Object m = new Main();
        try {
            System.out.println((Level) m);
        } catch (ClassCastException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(Level.class.getName() + " " + Level.class.getSimpleName());
    }
}
