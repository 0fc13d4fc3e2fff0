import java.lang.reflect.*;
import java.util.*;

// Field access through reflection (get/set and the primitive variants,
// statics, widening, the checks made), reflective arrays
// (Array.newInstance/get/set/getLength, multi-dimensional) and a small
// object-to-text dumper walking fields up the superclass chain.
public class Main {
    static class Base {
        protected long id = 7;
        private boolean active = true;
    }

    static class Item extends Base {
        public static int created;
        public String name = "widget";
        public int count = 3;
        public double weight = 1.25;
        public char grade = 'B';
        public byte flags = 2;
        public short size = 300;
        public float ratio = 0.5f;
        public final int fixed = 1;
        private int[] codes = {4, 5};
    }

    static String dump(Object o) throws IllegalAccessException {
        List<String> parts = new ArrayList<>();
        for (Class<?> k = o.getClass(); k != Object.class; k = k.getSuperclass()) {
            Field[] fs = k.getDeclaredFields();
            Arrays.sort(fs, Comparator.comparing(Field::getName));
            for (Field f : fs) {
                if (Modifier.isStatic(f.getModifiers())) continue;
                f.setAccessible(true);
                Object v = f.get(o);
                parts.add(k.getSimpleName() + "." + f.getName() + "=" + (v != null && v.getClass().isArray() ? arrayText(v) : v));
            }
        }
        return String.join(", ", parts);
    }

    static String arrayText(Object arr) {
        StringJoiner j = new StringJoiner(",", "[", "]");
        for (int i = 0; i < Array.getLength(arr); i++) {
            Object e = Array.get(arr, i);
            j.add(e != null && e.getClass().isArray() ? arrayText(e) : String.valueOf(e));
        }
        return j.toString();
    }

    public static void main(String[] args) throws Exception {
        Item it = new Item();
        System.out.println(dump(it));
        Class<?> c = Item.class;
        c.getField("count").setInt(it, 42);
        c.getField("weight").setDouble(it, 2.5);
        c.getField("name").set(it, "gadget");
        c.getField("grade").setChar(it, 'A');
        c.getField("weight").set(it, 9);
        c.getField("size").setShort(it, (short) -1);
        c.getField("flags").setByte(it, (byte) 0x7f);
        c.getField("ratio").setFloat(it, 1.75f);
        System.out.println(it.count + " " + it.weight + " " + it.name + " " + it.grade + " " + it.size + " " + it.flags + " " + it.ratio);
        System.out.println(c.getField("count").getLong(it) + " " + c.getField("grade").getInt(it) + " " + c.getField("flags").getDouble(it) + " " + c.getField("count").getType() + " " + c.getField("name").getType().getSimpleName());
        Field st = c.getField("created");
        st.setInt(null, 5);
        st.set(null, st.getInt(null) + 1);
        System.out.println("static " + Item.created + " " + st.get(null) + " " + Modifier.toString(st.getModifiers()));
        try {
            c.getField("count").set(it, "text");
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
        try {
            c.getField("count").setLong(it, 1L);
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
        try {
            c.getField("fixed").setInt(it, 2);
        } catch (IllegalAccessException e) {
            System.out.println("IllegalAccessException: " + e.getMessage());
        }
        try {
            c.getField("count").getInt(null);
        } catch (NullPointerException e) {
            System.out.println("NullPointerException");
        }
        try {
            c.getField("id");
        } catch (NoSuchFieldException e) {
            System.out.println("NoSuchFieldException: " + e.getMessage());
        }
        Field hidden = Base.class.getDeclaredField("active");
        hidden.setAccessible(true);
        hidden.setBoolean(it, false);
        System.out.println(dump(it));
        List<String> pub = new ArrayList<>();
        for (Field f : c.getFields()) pub.add(f.getName());
        Collections.sort(pub);
        System.out.println("public " + pub + " declared " + c.getDeclaredFields().length);
        int[] ints = (int[]) Array.newInstance(int.class, 4);
        for (int i = 0; i < ints.length; i++) Array.setInt(ints, i, i * i);
        Array.set(ints, 0, 100);
        System.out.println(Arrays.toString(ints) + " " + Array.getInt(ints, 2) + " " + Array.get(ints, 3) + " " + Array.getLength(ints) + " " + ints.getClass().getComponentType());
        String[][] grid = (String[][]) Array.newInstance(String.class, 2, 3);
        Array.set(grid[1], 2, "x");
        System.out.println(arrayText(grid) + " " + grid.getClass().getName() + " " + grid.getClass().getSimpleName());
        Object longs = Array.newInstance(long.class, 2);
        Array.setLong(longs, 1, 1L << 40);
        System.out.println(arrayText(longs) + " " + Array.getDouble(longs, 1) + " " + longs.getClass().getTypeName());
        try {
            Array.get(ints, 4);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("ArrayIndexOutOfBoundsException: " + e.getMessage());
        }
        try {
            Array.set(ints, 0, "nope");
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
        try {
            Array.getLength("not an array");
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
        try {
            Array.newInstance(int.class, new int[0]);
        } catch (IllegalArgumentException e) {
            System.out.println("IllegalArgumentException: " + e.getMessage());
        }
        try {
            Array.newInstance(int.class, -1);
        } catch (NegativeArraySizeException e) {
            System.out.println("NegativeArraySizeException: " + e.getMessage());
        }
    }
}
