import java.util.*;
public class Main {
    public static void main(String[] args) {
        int[] a = {9, -2, 7, 0, 7, 3};
        Arrays.sort(a);
        System.out.println(Arrays.toString(a) + " " + Arrays.binarySearch(a, 7) + " " + Arrays.binarySearch(a, 5));
        long[] l = new long[4];
        Arrays.fill(l, 42L);
        System.out.println(Arrays.toString(l));
        String[] s = {"pear", "Apple", "fig"};
        Arrays.sort(s);
        System.out.println(Arrays.toString(s));
        Arrays.sort(s, (x, y) -> x.compareToIgnoreCase(y));
        System.out.println(String.join(",", s));
        int[] c = Arrays.copyOf(a, 8);
        int[] r = Arrays.copyOfRange(a, 1, 3);
        System.out.println(Arrays.toString(c) + Arrays.toString(r) + Arrays.equals(a, c) + Arrays.equals(r, new int[]{0, 3}));
        int[][] grid = {{1, 2}, {3}};
        System.out.println(Arrays.deepToString(grid) + " " + Arrays.hashCode(a) + " " + Arrays.asList(1, 2, 3));
        char[] cs = "hello".toCharArray();
        Arrays.sort(cs);
        System.out.println(new String(cs) + " " + Arrays.stream(a).sum());
        Integer[] boxed = {3, 1, 2};
        Arrays.sort(boxed, Collections.reverseOrder());
        System.out.println(Arrays.toString(boxed));
        double[] d = {2.5, -1.0, 0.0};
        Arrays.sort(d);
        System.out.println(Arrays.toString(d) + " " + Arrays.equals(new byte[]{1,2,3,4,5,6,7,8,9}, new byte[]{1,2,3,4,5,6,7,8,9}));
    }
}
