import java.util.*;
public class Main {
    static class A {}
    static class B extends A {}
    interface Shape {}
    public static void main(String[] args) {
        Object[] tries = {new A(), Integer.valueOf(3), "s", new ArrayList<String>(), new int[2], new A[1]};
        for (Object o : tries) {
            try { B b = (B) o; System.out.println("ok " + b); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
            try { String s = (String) o; System.out.println("ok " + s); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
            try { Shape s = (Shape) o; System.out.println("ok " + s); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
            try { Integer i = (Integer) o; System.out.println("ok " + i); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
            try { Map<?, ?> m = (Map<?, ?>) o; System.out.println("ok " + m); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        }
        try { Object o = new Object[1]; String[] s = (String[]) o; } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        try { Object o = 1L; Main m = (Main) o; } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        try { List<Object> l = new ArrayList<>(); l.add(5); List<String> ls = (List<String>) (List<?>) l; String s = ls.get(0); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        try { Comparable<Object> c = (Comparable<Object>) (Object) "x"; c.compareTo(1); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        try { new TreeSet<Object>().addAll(List.of(new A(), new A())); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
        System.out.println(A.class.cast(new B()) != null);
        try { B.class.cast(new A()); } catch (ClassCastException e) { System.out.println(e.getMessage()); }
    }
}
