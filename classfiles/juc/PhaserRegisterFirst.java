import java.util.concurrent.Phaser;

/** PhaserLateRegister fixed: main registers the worker before starting it. */
public class PhaserRegisterFirst {
    static volatile int result;

    public static void main(String[] args) {
        Phaser phaser = new Phaser(1);
        phaser.register();
        new Thread(() -> {
            result = 42;
            phaser.arriveAndDeregister();
        }).start();
        phaser.arriveAndAwaitAdvance();
        if (result != 42) {
            throw new AssertionError("advanced before the worker arrived: " + result);
        }
    }
}
