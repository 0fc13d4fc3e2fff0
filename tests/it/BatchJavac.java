// The differential test's compiler (tests/it/differential.rs): one JVM runs
// javac for every program, instead of one javac start-up (a second of CPU)
// per program. The same compiler as the `javac` command, same class files.
//
// Usage: java BatchJavac ARGS-FILE...  Each ARGS-FILE holds javac's
// arguments, one a line; javac's messages go to ARGS-FILE.err, and stdout
// gets a line "EXIT-CODE ARGS-FILE" per file, in order.

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public class BatchJavac {
    public static void main(String[] argsFiles) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        for (String file : argsFiles) {
            List<String> args = Files.readAllLines(Path.of(file));
            ByteArrayOutputStream messages = new ByteArrayOutputStream();
            int code = javac.run(null, messages, messages, args.toArray(new String[0]));
            Files.write(Path.of(file + ".err"), messages.toByteArray());
            System.out.println(code + " " + file);
        }
    }
}
