import java.util.List;

// String.format as report code uses it: a table with widths and
// alignment, zero padding, grouping, signs, precision, hex/octal,
// scientific notation, argument indices, booleans and chars.
public class Main {
    record Row(String name, int qty, double price) {}

    public static void main(String[] args) {
        List<Row> rows = List.of(new Row("apple", 3, 0.5), new Row("watermelon", 1, 3.999), new Row("fig", 120, 0.125), new Row("kiwi", -2, 12345.6789));
        System.out.println(String.format("%-12s|%6s|%12s", "name", "qty", "price"));
        System.out.println("-".repeat(32));
        for (Row r : rows) {
            System.out.println(String.format("%-12.8s|%6d|%,12.2f", r.name(), r.qty(), r.price()));
        }
        System.out.println(String.format("[%08.3f] [%+.1f] [% d] [%(,.2f] [%-8d] [%08d]", 3.14159, 2.25, 42, -1234.567, 7, -42));
        System.out.println(String.format("[%x] [%#x] [%#o] [%08X] [%x] [%X]", 3054, 255, 8, 0xBEEF, -1, 255L << 32));
        System.out.println(String.format("[%e] [%.3e] [%E] [%g] [%.3g] [%a]", 123456.789, 0.000123456, 1e-10, 0.0001234, 98765.4321, 1.0));
        System.out.println(String.format("%2$s %1$s %2$s %<s", "a", "b") + " " + String.format("%s %S %10.3s|", "mixed", "upper", "truncate"));
        System.out.println(String.format("[%b] [%B] [%b] [%c] [%C] [%c] [%5c]", null, true, "x", 'a', 'b', 0x1F600, 'z'));
        System.out.println(String.format("[%h] [%s] [%s] [%d] [%,d]", "hi", null, List.of(1, 2), Long.MIN_VALUE, 1234567890123L));
        System.out.println(String.format("[%.0f] [%.0f] [%.0f] [%.1f] [%.2f] [%f]", 0.5, 1.5, 2.5, 0.05, 1.005, Double.NaN) + String.format(" [%f] [%8.2f] [%e]", Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0));
        System.out.print(String.format("%d%% done%n", 75));
        System.out.println(String.format("%s", new java.math.BigDecimal("1234.5678")) + String.format(" %.2f %,.3f %d", new java.math.BigDecimal("1234.5678"), new java.math.BigDecimal("-9876543.21"), new java.math.BigInteger("123456789012345678901234567890")));
        try {
            String.format("%d", "text");
        } catch (java.util.IllegalFormatException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        try {
            String.format("%s %s", "only one");
        } catch (java.util.IllegalFormatException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        try {
            String.format("%q", 1);
        } catch (java.util.IllegalFormatException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
