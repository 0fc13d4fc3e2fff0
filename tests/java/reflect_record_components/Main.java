import java.lang.reflect.*;
import java.util.*;

// Records through reflection: isRecord, getRecordComponents (names, types,
// generic types, accessors), the canonical constructor found from the
// components' types, and a generic toMap/fromMap built on them.
public class Main {
    record Point(int x, int y) {}

    record Person(String name, int age, List<String> emails, Point home) {
        Person {
            Objects.requireNonNull(name);
        }
    }

    record Empty() {}

    static Map<String, Object> toMap(Record r) throws ReflectiveOperationException {
        Map<String, Object> m = new LinkedHashMap<>();
        for (RecordComponent rc : r.getClass().getRecordComponents()) {
            m.put(rc.getName(), rc.getAccessor().invoke(r));
        }
        return m;
    }

    static <T extends Record> T fromMap(Class<T> type, Map<String, Object> m) throws ReflectiveOperationException {
        RecordComponent[] rcs = type.getRecordComponents();
        Class<?>[] types = new Class<?>[rcs.length];
        Object[] values = new Object[rcs.length];
        for (int i = 0; i < rcs.length; i++) {
            types[i] = rcs[i].getType();
            values[i] = m.get(rcs[i].getName());
        }
        return type.getDeclaredConstructor(types).newInstance(values);
    }

    public static void main(String[] args) throws Exception {
        Person p = new Person("ada", 36, List.of("ada@example.org"), new Point(3, 4));
        System.out.println(Person.class.isRecord() + " " + String.class.isRecord() + " " + Record.class.isRecord() + " " + Person.class.getSuperclass().getName());
        for (RecordComponent rc : Person.class.getRecordComponents()) {
            System.out.println(rc.getName() + " : " + rc.getType().getSimpleName() + " accessor " + rc.getAccessor().getName() + " declared by " + rc.getDeclaringRecord().getSimpleName());
        }
        System.out.println(String.class.getRecordComponents() + " " + Empty.class.getRecordComponents().length);
        Map<String, Object> m = toMap(p);
        System.out.println(m);
        m.put("age", 37);
        Person older = fromMap(Person.class, m);
        System.out.println(older + " equals " + older.equals(p) + " " + older.home().equals(p.home()));
        System.out.println(fromMap(Point.class, Map.of("x", 7, "y", -1)));
        try {
            fromMap(Person.class, new HashMap<>(Map.of("age", 1)));
        } catch (InvocationTargetException e) {
            System.out.println("canonical constructor threw " + e.getCause().getClass().getName());
        }
        Constructor<?>[] cs = Point.class.getDeclaredConstructors();
        System.out.println("constructors " + cs.length + " params " + cs[0].getParameterCount() + " " + Arrays.toString(cs[0].getParameterTypes()));
        List<String> fieldNames = new ArrayList<>();
        for (Field f : Person.class.getDeclaredFields()) {
            fieldNames.add(Modifier.toString(f.getModifiers()) + " " + f.getName());
        }
        Collections.sort(fieldNames);
        System.out.println(fieldNames + " final class " + Modifier.isFinal(Person.class.getModifiers()));
        Field age = Person.class.getDeclaredField("age");
        age.setAccessible(true);
        System.out.println("age via field " + age.getInt(p));
        try {
            age.setInt(p, 99);
        } catch (IllegalAccessException e) {
            System.out.println("IllegalAccessException on a record field");
        }
    }
}
