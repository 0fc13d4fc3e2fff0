/*
 * String.getBytes in UTF-8, ISO-8859-1 and US-ASCII (by Charset and by
 * any of their names): unpaired surrogates and unmappable chars become
 * '?', a surrogate pair one '?'; the default charset's bytes; the
 * bootstrap loader (null) of the JDK's classes.
 */
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class Main {
    public static void main(String[] args) throws Exception {
        char high = (char) (0xD800 + args.length);
        char low = (char) (0xDC00 + args.length);
        String[] texts = {"", "plain", "aé€", new String(Character.toChars(0x1F600)) + "!", "x" + high + "y" + low + "z",
            "" + low + high, "\u007f\u0080\u07ff\u0800\uffff", "tab\tnul\u0000end"};
        for (String s : texts) {
            System.out.println(Arrays.toString(s.getBytes(StandardCharsets.UTF_8)));
            System.out.println(Arrays.toString(s.getBytes(StandardCharsets.ISO_8859_1)));
            System.out.println(Arrays.toString(s.getBytes(StandardCharsets.US_ASCII)));
            System.out.println(Arrays.toString(s.getBytes("utf8")) + " " + Arrays.toString(s.getBytes("Latin1"))
                    + " " + Arrays.toString(s.getBytes("ascii")));
        }
        System.out.println(Arrays.equals("aé€".getBytes(), "aé€".getBytes(System.getProperty("file.encoding"))));
        try {
            "a".getBytes((String) null);
        } catch (NullPointerException e) {
            System.out.println("null charset name: " + e.getClass().getName());
        }
        System.out.println(String.class.getClassLoader() + " " + int.class.getClassLoader() + " "
                + java.util.HashMap[].class.getClassLoader());
    }
}
