// Nominal descriptors of enum constants (Enum.describeConstable): an
// EnumDesc naming the enum class, also for a constant with a body and a
// nested enum.
import java.lang.constant.Constable;
import java.lang.constant.ConstantDesc;
import java.util.Optional;

public class Main {
    enum Color { RED, GREEN }

    enum Op {
        PLUS { int apply(int a, int b) { return a + b; } };

        abstract int apply(int a, int b);
    }

    public static void main(String[] args) {
        Optional<? extends ConstantDesc> red = Color.RED.describeConstable();
        System.out.println(red.isPresent() + " " + red.get());
        Optional<? extends ConstantDesc> plus = Op.PLUS.describeConstable();
        System.out.println(plus.get() + " " + Op.PLUS.apply(2, 3));
        Constable c = Thread.State.BLOCKED;
        System.out.println(c.describeConstable().get());
        System.out.println(Color.GREEN.describeConstable().get().equals(Color.GREEN.describeConstable().get()));
    }
}
