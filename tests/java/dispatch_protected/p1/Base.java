package p1;

public abstract class Base {
    protected String name() {
        return "Base";
    }

    protected abstract int size();

    public String show() {
        return name() + ":" + size();
    }
}
