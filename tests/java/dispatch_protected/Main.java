// Protected methods are overridden across packages; super calls go up
// the chain; an abstract protected method is implemented in a subclass.
public class Main {
    public static void main(String[] args) {
        System.out.println(new p2.Derived().show());
        System.out.println(new p2.MoreDerived().show());
        p1.Base b = new p2.MoreDerived();
        System.out.println(b.show());
    }
}
