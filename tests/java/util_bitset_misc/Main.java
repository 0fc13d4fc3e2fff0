import java.util.*;
public class Main {
    public static void main(String[] args) {
        BitSet b = new BitSet();
        for (int i = 0; i < 100; i += 7) b.set(i);
        BitSet c = new BitSet(); c.set(0, 50);
        b.and(c);
        System.out.println(b + " " + b.cardinality() + " " + b.nextSetBit(10) + " " + b.length());
        System.out.println(Integer.bitCount(255) + " " + Long.numberOfTrailingZeros(64) + " " + Integer.toBinaryString(10) + " " + Integer.reverse(1) + " " + Math.floorMod(-7, 3));
        int[] counts = new int[5];
        Random r = new Random(12345);
        for (int i = 0; i < 1000; i++) counts[r.nextInt(5)]++;
        System.out.println(Arrays.toString(counts) + " " + r.nextGaussian());
    }
}
