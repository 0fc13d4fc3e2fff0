// Package-private overriding across packages: directly in the same
// package, transitively through a public override, and not at all from
// another package.
public class Main {
    public static void main(String[] args) {
        System.out.println("A: " + new p1.A().call());
        System.out.println("B: " + new p1.B().call());
        System.out.println("C: " + new p2.C().call());
        System.out.println("D: " + new p2.D().call() + " / " + new p2.D().mine());
        System.out.println("E: " + new p1.E().call() + " / " + new p1.E().mine());
    }
}
