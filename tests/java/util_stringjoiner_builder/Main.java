import java.util.*;
public class Main {
    public static void main(String[] args) {
        StringJoiner j = new StringJoiner(", ", "{", "}");
        j.setEmptyValue("EMPTY");
        System.out.println(j);
        for (String s : new String[]{"x", "y", "z"}) j.add(s);
        System.out.println(j + " " + j.length());
        System.out.println(String.join("-", List.of("a", "b", "c")) + " " + String.join("", new ArrayList<String>()));
        StringBuilder sb = new StringBuilder("hello");
        sb.insert(0, 42).append('!').reverse();
        System.out.println(sb + " " + sb.indexOf("l") + " " + sb.charAt(1));
        System.out.println("a-b-c".lastIndexOf('-') + " " + "  pad ".strip() + "|" + " x ".trim() + "|" + "ab".repeat(3) + " " + "Hello".chars().sum() + " " + "abc".compareTo("abd"));
    }
}
