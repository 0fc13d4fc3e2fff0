import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.PrintWriter;
import java.util.*;

// Text processing over in-memory readers and writers: BufferedReader line
// by line, a CSV-ish parse into records, a report written through
// PrintWriter/StringWriter, and BufferedReader.lines.
public class Main {
    record Row(String city, int year, double temp) {}

    public static void main(String[] args) throws IOException {
        String csv = """
                city,year,temp
                Oslo,2021,6.1
                Lima,2021,19.4
                Oslo,2022,6.8
                # a comment
                Lima,2022,19.9
                Cairo,2022,22.7
                """;
        List<Row> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new StringReader(csv))) {
            String header = r.readLine();
            System.out.println("header " + Arrays.toString(header.split(",")));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split(",");
                rows.add(new Row(f[0], Integer.parseInt(f[1]), Double.parseDouble(f[2])));
            }
        }
        System.out.println(rows.size() + " rows, first " + rows.get(0));
        Map<String, DoubleSummaryStatistics> byCity = new TreeMap<>();
        for (Row row : rows) byCity.computeIfAbsent(row.city(), k -> new DoubleSummaryStatistics()).accept(row.temp());
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        byCity.forEach((c, st) -> pw.println(c + ": n=" + st.getCount() + " min=" + st.getMin() + " max=" + st.getMax()));
        pw.flush();
        System.out.print(sw);
        StringBuilder rev = new StringBuilder();
        new BufferedReader(new StringReader("one\ntwo\nthree")).lines().map(s -> new StringBuilder(s).reverse()).forEach(s -> rev.append(s).append('|'));
        System.out.println(rev);
    }
}
