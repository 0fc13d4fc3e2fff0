import java.util.HashMap;
import java.util.Map;

/** HashMap-heavy: N rounds of puts, gets and removes on a map of up to 1,000 keys. */
public class HashMapBench {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Map<Integer, Integer> m = new HashMap<>();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int k = (i * 31) % 1000;
            m.merge(k, 1, Integer::sum);
            sum += m.getOrDefault((k * 7) % 1000, 0);
            if (i % 3 == 0) {
                m.remove((k * 13) % 1000);
            }
        }
        System.out.println(m.size() + " " + sum);
    }
}
