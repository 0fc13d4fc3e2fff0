class A {
    public String hello() {
        return "A.hello";
    }

    public String call() {
        return hello();
    }
}
