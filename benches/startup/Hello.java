// Start-up benchmark (benches/startup.sh): a program that reaches no JDK
// bytecode beyond m5's model library.
public class Hello {
    public static void main(String[] args) {
        System.out.println("Hello, world");
    }
}
