public class Main {
    public static void main(String[] args) {
        String s = "a,b,,c,";
        System.out.println(String.join("|", s.split(",")) + " " + s.split(",").length + " " + s.split(",", -1).length);
        System.out.println(String.join("|", "one  two\tthree".split("\\s+")));
        System.out.println("x1y22z333".replaceAll("[0-9]+", "#") + " " + "aaa".replaceFirst("a", "b"));
        System.out.println("2024-01-15".matches("\\d{4}-\\d{2}-\\d{2}") + " " + "abc".matches("a.c?"));
        System.out.println(String.join("/", "a.b.c".split("\\.")) + " " + "hello world".replaceAll("(\\w+) (\\w+)", "$2 $1"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)").matcher("a12b345");
        while (m.find()) System.out.print(m.group(1) + "@" + m.start() + " ");
        System.out.println();
    }
}
