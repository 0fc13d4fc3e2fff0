import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

// BigInteger as ordinary code uses it: factorials, powers, modular
// arithmetic, gcd, radix conversion, bit operations and comparisons.
public class Main {
    static BigInteger factorial(int n) {
        BigInteger r = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            r = r.multiply(BigInteger.valueOf(i));
        }
        return r;
    }

    static BigInteger fib(int n) {
        BigInteger a = BigInteger.ZERO, b = BigInteger.ONE;
        for (int i = 0; i < n; i++) {
            BigInteger t = a.add(b);
            a = b;
            b = t;
        }
        return a;
    }

    public static void main(String[] args) {
        BigInteger f30 = factorial(30);
        System.out.println("30! = " + f30);
        System.out.println("bits " + f30.bitLength() + " digits " + f30.toString().length());
        System.out.println("fib(100) = " + fib(100));
        BigInteger two = BigInteger.TWO;
        BigInteger big = two.pow(127).subtract(BigInteger.ONE);
        System.out.println("2^127-1 = " + big);
        System.out.println("hex " + big.toString(16) + " base36 " + big.toString(36));
        BigInteger[] qr = f30.divideAndRemainder(big.shiftRight(64));
        System.out.println("q=" + qr[0] + " r=" + qr[1]);
        System.out.println("gcd " + factorial(20).gcd(fib(60)));
        System.out.println("modPow " + BigInteger.valueOf(3).modPow(BigInteger.valueOf(1000), BigInteger.valueOf(1_000_000_007)));
        System.out.println("modInverse " + BigInteger.valueOf(17).modInverse(BigInteger.valueOf(3120)));
        BigInteger neg = new BigInteger("-123456789012345678901234567890");
        System.out.println(neg.abs() + " " + neg.negate().signum() + " " + neg.signum() + " " + neg.mod(BigInteger.valueOf(97)) + " " + neg.remainder(BigInteger.valueOf(97)));
        System.out.println(neg.and(BigInteger.valueOf(0xFFFF)) + " " + neg.or(BigInteger.ONE) + " " + neg.xor(big) + " " + neg.not());
        System.out.println(neg.shiftLeft(10) + " " + neg.shiftRight(10) + " " + neg.testBit(3) + " " + big.bitCount());
        System.out.println(new BigInteger("ff", 16) + " " + new BigInteger("-777", 8) + " " + new BigInteger("zz", 36));
        System.out.println(big.compareTo(f30) + " " + f30.compareTo(big) + " " + big.equals(two.pow(127).subtract(BigInteger.ONE)) + " " + big.max(f30).equals(f30));
        System.out.println(big.sqrt() + " " + BigInteger.valueOf(1000).sqrt());
        System.out.println(f30.longValue() + " " + f30.intValue() + " " + f30.doubleValue() + " " + big.floatValue());
        try {
            System.out.println(f30.longValueExact());
        } catch (ArithmeticException e) {
            System.out.println("ArithmeticException: " + e.getMessage());
        }
        try {
            BigInteger.TEN.divide(BigInteger.ZERO);
        } catch (ArithmeticException e) {
            System.out.println("ArithmeticException: " + e.getMessage());
        }
        try {
            new BigInteger("12x4");
        } catch (NumberFormatException e) {
            System.out.println("NumberFormatException: " + e.getMessage());
        }
        List<BigInteger> primes = new ArrayList<>();
        for (int i = 2; primes.size() < 10; i++) {
            if (BigInteger.valueOf(i).isProbablePrime(30)) {
                primes.add(BigInteger.valueOf(i));
            }
        }
        System.out.println("primes " + primes);
        System.out.println("next prime after 2^64: " + two.pow(64).nextProbablePrime());
        byte[] bytes = BigInteger.valueOf(-300).toByteArray();
        System.out.println(bytes.length + " " + bytes[0] + " " + bytes[1] + " " + new BigInteger(bytes));
    }
}
