import java.util.concurrent.Phaser;

/**
 * A worker registers itself with the Phaser: main may arrive before it has,
 * find itself the only party, advance at once and read no result.
 */
public class PhaserLateRegister {
    static volatile int result;

    public static void main(String[] args) {
        Phaser phaser = new Phaser(1);
        new Thread(() -> {
            phaser.register();
            result = 42;
            phaser.arriveAndDeregister();
        }).start();
        phaser.arriveAndAwaitAdvance();
        if (result != 42) {
            throw new AssertionError("advanced before the worker arrived: " + result);
        }
    }
}
