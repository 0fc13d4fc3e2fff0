import java.util.stream.Collectors;

// Text blocks and the Java 11-15 String methods for text: lines, strip*,
// indent, stripIndent, translateEscapes, repeat, isBlank, formatted,
// chars/codePoints, and a small word-frequency report.
public class Main {
    public static void main(String[] args) {
        String poem = """
                The quick brown fox
                  jumps over\tthe lazy dog;
                the dog sleeps.   \s
                
                THE END\
                """;
        System.out.println("[" + poem + "]");
        poem.lines().map(l -> l.length() + ":" + l.strip() + ":" + l.isBlank()).forEach(System.out::println);
        System.out.println("[" + "  x  ".stripLeading() + "][" + "  x  ".stripTrailing() + "][" + "\u2003y\u2003".strip() + "][" + "\u2003y\u2003".trim().length() + "]");
        System.out.print("a\nb\r\nc".indent(2));
        System.out.print("    a\n      b\n".indent(-2));
        System.out.println("[" + "   one\n     two\n   three".stripIndent() + "]");
        System.out.println("[" + "tab\\there \\101 \\\"q\\\" \\s\\\\ \\60".translateEscapes() + "]");
        System.out.println("ab".repeat(3) + " " + "".repeat(5).isEmpty() + " " + " \t\n".isBlank() + " " + "%s=%d".formatted("n", 7));
        String words = poem.toLowerCase().replaceAll("[^a-z\\s]", " ");
        java.util.Map<String, Long> freq = java.util.Arrays.stream(words.split("\\s+")).filter(w -> !w.isEmpty())
                .collect(Collectors.groupingBy(w -> w, java.util.TreeMap::new, Collectors.counting()));
        System.out.println(freq);
        System.out.println("héllo wörld".chars().filter(Character::isLetter).count() + " " + "a😀b".codePoints().count() + " " + "a😀b".length() + " " + "a😀b".codePointAt(1));
        String json = """
            {
              "name": "%s",
              "tags": [%s]
            }""".formatted("m5", "\"a\", \"b\"");
        System.out.println(json);
        System.out.println(String.join(",", poem.lines().skip(1).limit(2).toList()) + " " + poem.lines().count());
    }
}
