import java.util.*;
public class Main {
    public static void main(String[] args) {
        List<String> xs = new ArrayList<>(List.of("pear", "apple", "fig"));
        xs.add(1, "kiwi");
        xs.addAll(Arrays.asList("plum", "date"));
        System.out.println(xs + " size=" + xs.size());
        Iterator<String> it = xs.iterator();
        while (it.hasNext()) if (it.next().length() == 4) it.remove();
        System.out.println(xs);
        ListIterator<String> li = xs.listIterator();
        while (li.hasNext()) { String s = li.next(); li.set(s.toUpperCase()); }
        System.out.println(xs + " " + xs.indexOf("FIG") + " " + xs.contains("PEAR"));
        System.out.println(xs.subList(0, 2) + " " + xs.isEmpty());
        try {
            for (String s : xs) if (s.startsWith("A")) xs.remove(s);
        } catch (ConcurrentModificationException e) {
            System.out.println("CME " + e.getMessage());
        }
        try {
            xs.get(10);
        } catch (IndexOutOfBoundsException e) {
            System.out.println(e.getMessage());
        }
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 1000; i++) nums.add(i);
        long sum = 0;
        for (int n : nums) sum += n;
        nums.removeIf(n -> n % 3 != 0);
        System.out.println(sum + " " + nums.size() + " " + nums.get(nums.size() - 1));
        Object[] arr = xs.toArray();
        String[] sarr = xs.toArray(new String[0]);
        System.out.println(arr.length + " " + sarr.length + " " + sarr.getClass().getSimpleName());
        xs.clear();
        System.out.println(xs.isEmpty() + " " + xs.equals(new ArrayList<>()) + " " + List.of(1, 2).hashCode());
    }
}
