public class Main {
    public static void main(String[] args) {
        System.out.println(String.format("%d + %d = %d", 2, 3, 5));
        System.out.println(String.format("[%5d] [%-5d] [%05d] [%x] [%X] [%o]", 42, 42, 42, 255, 255, 8));
        System.out.println(String.format("[%s] [%10s] [%-10s] [%c] [%b] [%%] [%n]", "hi", "right", "left", 'z', true));
        System.out.println(String.format("%.2f %.0f %8.3f %e", 3.14159, 2.5, -1.5, 12345.678));
        System.out.printf("%s has %d items costing %.2f%n", "cart", 3, 9.5);
        System.out.println(String.format("%,d %+d %(d", 1234567, 5, -7) + " " + "%s-%s".formatted("a", "b"));
    }
}
