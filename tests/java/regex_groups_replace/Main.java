import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

// Regular expressions as log-processing code uses them: numbered and named
// groups, find loops, replaceAll with back-references and a function,
// flags, lookaround, quoting, and split with limits.
public class Main {
    public static void main(String[] args) {
        String log = """
                2024-03-01 12:00:01 INFO  user=alice action=login ms=12
                2024-03-01 12:00:07 WARN  user=bob action=upload ms=1530
                2024-03-01 12:01:00 ERROR user=alice action=upload ms=99
                garbage line
                2024-03-02 08:30:00 INFO  user=carol action=logout ms=3
                """;
        Pattern p = Pattern.compile("^(\\d{4})-(\\d{2})-(\\d{2}) (?<time>[\\d:]+) (?<level>[A-Z]+)\\s+user=(?<user>\\w+) action=(\\w+) ms=(\\d+)$", Pattern.MULTILINE);
        Matcher m = p.matcher(log);
        int total = 0;
        while (m.find()) {
            total += Integer.parseInt(m.group(8));
            System.out.println(m.group("level") + " " + m.group("user") + " " + m.group(7) + " on " + m.group(3) + "/" + m.group(2) + " at " + m.group("time") + " [" + m.start() + "," + m.end() + ") groups=" + m.groupCount());
        }
        System.out.println("total ms " + total);
        System.out.println("2024-03-01".replaceAll("(\\d+)-(\\d+)-(\\d+)", "$3.$2.$1") + " " + "a1b22c333".replaceAll("\\d+", "#") + " " + "aaa".replaceFirst("a", "b"));
        System.out.println(Pattern.compile("\\b(\\w)(\\w*)").matcher("hello big world").replaceAll(r -> r.group(1).toUpperCase() + r.group(2)));
        System.out.println(Pattern.compile("(?i)java").matcher("Java JAVA jAvA").replaceAll("J") + " " + "x.y.z".split(Pattern.quote(".")).length + " " + Matcher.quoteReplacement("$1\\"));
        System.out.println(String.join("|", "a,b,,c,,".split(",")) + " " + "a,b,,c,,".split(",").length + " " + "a,b,,c,,".split(",", -1).length + " " + String.join("|", "a,b,,c,,".split(",", 3)));
        System.out.println(String.join("|", "one  two\tthree\nfour".split("\\s+")) + " " + "price: $42.50".matches(".*\\$\\d+\\.\\d{2}") + " " + Pattern.matches("[a-f0-9]+", "deadbeef"));
        Matcher look = Pattern.compile("\\d+(?=px)").matcher("10px 20em 30px 40");
        List<String> px = new ArrayList<>();
        while (look.find()) {
            px.add(look.group());
        }
        System.out.println(px + " " + "foobar foobaz".replaceAll("foo(?!bar)", "X") + " " + "aaa bbb".replaceAll("(?<=a)a", "-"));
        Matcher g = Pattern.compile("(a)?(b)").matcher("b");
        System.out.println(g.matches() + " " + g.group(1) + " " + g.group(2) + " " + g.start(2) + " " + g.hitEnd());
        System.out.println(Pattern.compile(",").splitAsStream("x,y,z").map(String::toUpperCase).toList() + " " + Pattern.compile("o").matcher("foo boo").results().count());
        Matcher greedy = Pattern.compile("<(.+?)>").matcher("<a><bb><ccc>");
        StringBuilder sb = new StringBuilder();
        while (greedy.find()) {
            greedy.appendReplacement(sb, "[" + greedy.group(1).length() + "]");
        }
        greedy.appendTail(sb);
        System.out.println(sb + " " + "<a><bb>".replaceAll("<(.+)>", "$1"));
        try {
            Pattern.compile("(unclosed");
        } catch (java.util.regex.PatternSyntaxException e) {
            System.out.println("PatternSyntaxException: " + e.getDescription() + " at " + e.getIndex());
        }
    }
}
