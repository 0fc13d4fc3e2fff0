public class Main {
    public static void main(String[] args) {
        int letters = 0, digits = 0, upper = 0, lower = 0, spaces = 0, alpha = 0;
        for (int c = 0; c <= 0xFFFF; c++) {
            char ch = (char) c;
            if (Character.isLetter(ch)) letters++;
            if (Character.isDigit(ch)) digits++;
            if (Character.isUpperCase(ch)) upper++;
            if (Character.isLowerCase(ch)) lower++;
            if (Character.isWhitespace(ch)) spaces++;
            if (Character.isAlphabetic(c)) alpha++;
        }
        System.out.println(letters + " " + digits + " " + upper + " " + lower + " " + spaces + " " + alpha);
        System.out.println(Character.toUpperCase('ß') + " " + Character.toUpperCase('é') + " " + Character.toLowerCase('Ä') + " " + (int) Character.toUpperCase('ÿ'));
        System.out.println(Character.getType('a') + " " + Character.getType('€') + " " + Character.digit('٣', 10) + " " + Character.getNumericValue('Ⅻ') + " " + Character.isLetter(0x1D400) + " " + Character.isSpaceChar('\u00A0'));
        System.out.println(Integer.parseInt("١٢٣") + " " + "ÉCOLE".equalsIgnoreCase("école") + " " + "naïve café".split("\\s")[1]);
    }
}
