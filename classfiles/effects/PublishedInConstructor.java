/** A determinism violation: a superclass constructor publishes the object before the subclass writes it. */
public class PublishedInConstructor {
    static volatile Base shared;

    static class Base {
        Base() {
            shared = this;
        }
    }

    static class Box extends Base {
        int x;

        Box() {
            super();
            x = 5;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            Base b = shared;
            if (b != null) {
                System.out.println("x " + ((Box) b).x);
            }
        });
        reader.start();
        new Box();
        reader.join();
    }
}
