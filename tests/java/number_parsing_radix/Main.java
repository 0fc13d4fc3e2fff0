// Parsing and printing numbers in other radixes and as unsigned values, the
// bit-twiddling helpers of Integer and Long, and Double/Float parsing of
// the forms Java accepts.
public class Main {
    public static void main(String[] args) {
        System.out.println(Integer.parseInt("-ff", 16) + " " + Integer.parseInt("zz", 36) + " " + Integer.valueOf("0777".substring(1), 8) + " " + Long.parseLong("-9223372036854775808") + " " + Short.parseShort("7fff", 16) + " " + Byte.parseByte("-80", 16));
        System.out.println(Integer.decode("0x1F") + " " + Integer.decode("-#ff") + " " + Integer.decode("010") + " " + Long.decode("0X7fffffffffffffff") + " " + Integer.decode("+42"));
        System.out.println(Integer.toString(255, 2) + " " + Integer.toString(-255, 16) + " " + Integer.toHexString(-1) + " " + Integer.toOctalString(8) + " " + Integer.toBinaryString(42) + " " + Long.toString(Long.MAX_VALUE, 36));
        System.out.println(Integer.parseUnsignedInt("4294967295") + " " + Integer.toUnsignedString(-1) + " " + Integer.toUnsignedLong(-2) + " " + Long.toUnsignedString(-1L) + " " + Long.parseUnsignedLong("18446744073709551615") + " " + Integer.toUnsignedString(-16, 16));
        System.out.println(Integer.divideUnsigned(-1, 3) + " " + Integer.remainderUnsigned(-1, 3) + " " + Long.divideUnsigned(-1L, 10) + " " + Long.remainderUnsigned(-1L, 10) + " " + Integer.compareUnsigned(-1, 1) + " " + Long.compareUnsigned(1, -1));
        System.out.println(Integer.bitCount(255) + " " + Integer.reverse(1) + " " + Integer.reverseBytes(0x01020304) + " " + Integer.highestOneBit(100) + " " + Integer.lowestOneBit(100) + " " + Integer.numberOfLeadingZeros(1) + " " + Integer.numberOfTrailingZeros(64) + " " + Integer.rotateLeft(1, 33) + " " + Integer.signum(-9));
        System.out.println(Long.bitCount(-1L) + " " + Long.highestOneBit(-1L) + " " + Long.numberOfTrailingZeros(0) + " " + Long.rotateRight(1L, 1) + " " + Long.reverse(1L) + " " + Short.reverseBytes((short) 0x0102) + " " + Character.reverseBytes('\u0102'));
        System.out.println(Double.parseDouble("1e3") + " " + Double.parseDouble("  -0.5  ") + " " + Double.parseDouble("0x1.8p1") + " " + Double.parseDouble("Infinity") + " " + Double.parseDouble("1d") + " " + Double.parseDouble(".5f") + " " + Double.valueOf("NaN").isNaN());
        System.out.println(Float.parseFloat("3.4028235e38") + " " + Float.parseFloat("1e-46") + " " + Float.parseFloat("0x1p-149") + " " + Double.parseDouble("4.9e-324") + " " + Double.parseDouble("2.2250738585072012e-308") + " " + Double.MIN_NORMAL);
        System.out.println(Double.toHexString(1.0) + " " + Double.toHexString(-0.1) + " " + Double.toHexString(Double.MIN_VALUE) + " " + Float.toHexString(1.5f) + " " + Double.toHexString(Double.MAX_VALUE));
        for (String s : new String[] {"", "+", "12a", "2147483648", "0x10", " 1"}) {
            try {
                System.out.println(Integer.parseInt(s));
            } catch (NumberFormatException e) {
                System.out.println("NumberFormatException: " + e.getMessage());
            }
        }
        for (String s : new String[] {"1.2.3", "abc", "", "0x", "1e"}) {
            try {
                System.out.println(Double.parseDouble(s));
            } catch (NumberFormatException e) {
                System.out.println("NumberFormatException: " + e.getMessage());
            }
        }
        try {
            Integer.parseUnsignedInt("-1");
        } catch (NumberFormatException e) {
            System.out.println("NumberFormatException: " + e.getMessage());
        }
        try {
            Integer.parseInt("1", 40);
        } catch (NumberFormatException e) {
            System.out.println("NumberFormatException: " + e.getMessage());
        }
    }
}
