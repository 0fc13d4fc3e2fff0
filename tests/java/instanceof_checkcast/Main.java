// Exercises instanceof and checkcast on classes, interfaces, arrays (covariant), null, and failing casts (ClassCastException caught).
interface Flyer { }
interface Swimmer { }
class Creature { }
class Bird extends Creature implements Flyer { }
class Penguin extends Bird implements Swimmer { }
class Fish extends Creature implements Swimmer { }

public class Main {
    static String classify(Object o) {
        StringBuilder sb = new StringBuilder();
        sb.append(o instanceof Object ? "O" : "-");
        sb.append(o instanceof Creature ? "C" : "-");
        sb.append(o instanceof Bird ? "B" : "-");
        sb.append(o instanceof Penguin ? "P" : "-");
        sb.append(o instanceof Fish ? "F" : "-");
        sb.append(o instanceof Flyer ? "f" : "-");
        sb.append(o instanceof Swimmer ? "s" : "-");
        sb.append(o instanceof String ? "S" : "-");
        sb.append(o instanceof Object[] ? "A" : "-");
        sb.append(o instanceof Creature[] ? "c" : "-");
        sb.append(o instanceof Bird[] ? "b" : "-");
        sb.append(o instanceof Flyer[] ? "l" : "-");
        sb.append(o instanceof int[] ? "i" : "-");
        sb.append(o instanceof Object[][] ? "2" : "-");
        return sb.toString();
    }

    static String tryCast(Object o) {
        StringBuilder sb = new StringBuilder();
        try { Bird b = (Bird) o; sb.append("Bird-ok "); } catch (ClassCastException e) { sb.append("Bird-CCE "); }
        try { Swimmer s = (Swimmer) o; sb.append("Swimmer-ok "); } catch (ClassCastException e) { sb.append("Swimmer-CCE "); }
        try { Creature[] c = (Creature[]) o; sb.append("Creature[]-ok "); } catch (ClassCastException e) { sb.append("Creature[]-CCE "); }
        try { String s = (String) o; sb.append("String-ok"); } catch (ClassCastException e) { sb.append("String-CCE"); }
        return sb.toString();
    }

    public static void main(String[] args) {
        Object[] things = {new Creature(), new Bird(), new Penguin(), new Fish(), "str", new Object(),
                new Bird[1], new Penguin[2], new Creature[0], new Object[1], new int[3], new Bird[1][1], new String[0], null};
        String[] labels = {"Creature", "Bird", "Penguin", "Fish", "String", "Object", "Bird[]", "Penguin[]", "Creature[]",
                "Object[]", "int[]", "Bird[][]", "String[]", "null"};
        for (int i = 0; i < things.length; i++) {
            System.out.println(labels[i] + " " + classify(things[i]) + " " + tryCast(things[i]));
        }
        Object o = null;
        String s = (String) o;
        System.out.println("null cast ok: " + s);
        Creature c = new Penguin();
        Flyer f = (Flyer) c;
        Swimmer sw = (Swimmer) f;
        Penguin p = (Penguin) sw;
        System.out.println(p == c);
        Object arr = new Penguin[]{new Penguin()};
        Object[] oa = (Object[]) arr;
        Swimmer[] sa = (Swimmer[]) oa;
        System.out.println(sa.length + " " + (sa[0] instanceof Bird));
        int ok = 0, bad = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                Fish fish = (Fish) things[i % 4];
                ok++;
            } catch (ClassCastException e) {
                bad++;
            }
        }
        System.out.println("ok " + ok + " bad " + bad);
    }
}
