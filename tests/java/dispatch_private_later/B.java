// Compiled when A had no hello(): B's private hello() then overrides
// nothing, and never will.
class B extends A {
    private String hello() {
        return "B.hello (private)";
    }

    String own() {
        return hello();
    }
}
