import java.util.*;
public class Main {
    record Item(String key, int order) {}
    public static void main(String[] args) {
        List<Item> items = new ArrayList<>();
        String[] keys = {"b", "a", "c", "a", "b", "a"};
        for (int i = 0; i < keys.length; i++) items.add(new Item(keys[i], i));
        items.sort(Comparator.comparing(Item::key));
        System.out.println(items);
        Integer[] big = new Integer[300];
        Random r = new Random(99);
        for (int i = 0; i < big.length; i++) big[i] = r.nextInt(1000);
        Arrays.sort(big);
        boolean sorted = true;
        for (int i = 1; i < big.length; i++) sorted &= big[i - 1] <= big[i];
        int[] prim = new int[500];
        for (int i = 0; i < prim.length; i++) prim[i] = (i * 7919) % 503;
        Arrays.sort(prim);
        System.out.println(sorted + " " + big[0] + " " + big[299] + " " + prim[0] + " " + prim[499] + " " + Arrays.binarySearch(prim, 250));
        List<Integer> li = new LinkedList<>(List.of(5, 2, 9, 1));
        Collections.sort(li, Collections.reverseOrder());
        ListIterator<Integer> it = li.listIterator(li.size());
        StringBuilder back = new StringBuilder();
        while (it.hasPrevious()) back.append(it.previous());
        System.out.println(li + " " + back);
    }
}
