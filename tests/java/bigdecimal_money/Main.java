import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

// Money arithmetic with BigDecimal: scales, rounding modes, division with a
// MathContext, comparison versus equals, plain and engineering strings.
public class Main {
    record Line(String item, BigDecimal price, int qty) {
        BigDecimal total() {
            return price.multiply(BigDecimal.valueOf(qty));
        }
    }

    public static void main(String[] args) {
        List<Line> cart = List.of(
                new Line("pen", new BigDecimal("1.99"), 3),
                new Line("book", new BigDecimal("12.50"), 1),
                new Line("ink", new BigDecimal("0.333"), 7));
        BigDecimal sum = BigDecimal.ZERO;
        for (Line l : cart) {
            System.out.println(l.item() + " " + l.total() + " scale " + l.total().scale());
            sum = sum.add(l.total());
        }
        System.out.println("sum " + sum + " rounded " + sum.setScale(2, RoundingMode.HALF_UP));
        BigDecimal tax = sum.multiply(new BigDecimal("0.0825")).setScale(2, RoundingMode.HALF_EVEN);
        System.out.println("tax " + tax + " total " + sum.add(tax).setScale(2, RoundingMode.HALF_EVEN));
        for (RoundingMode m : new RoundingMode[] {RoundingMode.UP, RoundingMode.DOWN, RoundingMode.CEILING,
                RoundingMode.FLOOR, RoundingMode.HALF_UP, RoundingMode.HALF_DOWN, RoundingMode.HALF_EVEN}) {
            StringBuilder sb = new StringBuilder(m.name()).append(':');
            for (String s : new String[] {"5.5", "2.5", "1.6", "1.1", "-1.1", "-2.5", "-5.5"}) {
                sb.append(' ').append(new BigDecimal(s).setScale(0, m));
            }
            System.out.println(sb);
        }
        System.out.println(BigDecimal.ONE.divide(new BigDecimal("3"), MathContext.DECIMAL64));
        System.out.println(BigDecimal.ONE.divide(new BigDecimal("3"), 5, RoundingMode.HALF_UP));
        System.out.println(new BigDecimal("10").divide(new BigDecimal("4")));
        try {
            BigDecimal.ONE.divide(new BigDecimal("3"));
        } catch (ArithmeticException e) {
            System.out.println("ArithmeticException: " + e.getMessage());
        }
        BigDecimal a = new BigDecimal("2.50"), b = new BigDecimal("2.5");
        System.out.println(a.equals(b) + " " + a.compareTo(b) + " " + a.stripTrailingZeros() + " " + a.hashCode() + " " + b.hashCode());
        System.out.println(new BigDecimal("1E+5").toPlainString() + " " + new BigDecimal("1E+5") + " " + new BigDecimal("123.4500E-10"));
        System.out.println(new BigDecimal("12345678.9").toEngineeringString() + " " + new BigDecimal("0.000001234").toEngineeringString());
        System.out.println(new BigDecimal("3.14159").round(new MathContext(3)) + " " + new BigDecimal("3.14159").precision() + " " + new BigDecimal("3.14159").unscaledValue());
        System.out.println(new BigDecimal("-7.25").abs() + " " + new BigDecimal("-7.25").negate() + " " + new BigDecimal("7.25").pow(3) + " " + new BigDecimal("2").sqrt(new MathContext(20)));
        System.out.println(new BigDecimal("123.456").movePointLeft(2) + " " + new BigDecimal("123.456").movePointRight(4) + " " + new BigDecimal("123.456").remainder(BigDecimal.TEN));
        System.out.println(BigDecimal.valueOf(0.1) + " " + new BigDecimal(0.1) + " " + BigDecimal.valueOf(100, 3) + " " + BigDecimal.valueOf(2.5).doubleValue());
        System.out.println(new BigDecimal("99.99").intValue() + " " + new BigDecimal("1e3").intValueExact() + " " + new BigDecimal("12.5").toBigInteger());
        System.out.println(new BigDecimal("1.10").max(new BigDecimal("1.1")) + " " + new BigDecimal("0.00").signum() + " " + new BigDecimal("-0.0") + " " + BigDecimal.ZERO.setScale(3));
    }
}
