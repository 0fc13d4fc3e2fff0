// A tight single-thread int loop for measuring m5's speed (benches/steps.rs,
// benches/compare.sh): N iterations, N from args[0]. Every instruction of the
// loop is frame-local (locals, int arithmetic, a branch), so the same bytecode
// runs under m5 and `java -Xint`; m5's step count is the number of bytecodes
// the loop executes.
public class IntLoop {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int acc = 0;
        for (int i = 0; i < n; i++) {
            acc = acc * 31 + (i ^ (acc >>> 7));
        }
        System.out.println(acc);
    }
}
