import java.util.*;
import java.util.concurrent.Phaser;

// A Phaser coordinating three workers through three phases (each phase's
// results combined by the main thread), with onAdvance ending it, dynamic
// registration and deregistration.
public class Main {
    public static void main(String[] args) throws InterruptedException {
        final int workers = 3, phases = 3;
        int[][] work = new int[phases][workers];
        List<String> advances = Collections.synchronizedList(new ArrayList<>());
        Phaser ph = new Phaser(1) {
            @Override
            protected boolean onAdvance(int phase, int parties) {
                advances.add(phase + ":" + parties);
                return phase >= phases - 1 || parties == 0;
            }
        };
        Thread[] ts = new Thread[workers];
        for (int w = 0; w < workers; w++) {
            final int id = w;
            ph.register();
            ts[w] = new Thread(() -> {
                for (int p = 0; p < phases; p++) {
                    work[p][id] = (p + 1) * (id + 10);
                    ph.arriveAndAwaitAdvance();
                }
                ph.arriveAndDeregister();
            });
            ts[w].start();
        }
        System.out.println("registered " + ph.getRegisteredParties());
        for (int p = 0; p < phases; p++) {
            int phase = ph.arriveAndAwaitAdvance();
            System.out.println("phase " + p + " -> " + (phase & Integer.MAX_VALUE) + " sum " + Arrays.stream(work[p]).sum());
        }
        for (Thread t : ts) t.join();
        System.out.println("terminated " + ph.isTerminated() + " phase " + ph.getPhase() + " advances " + advances);
        Phaser root = new Phaser();
        Phaser child = new Phaser(root, 2);
        System.out.println("root parties " + root.getRegisteredParties() + " child " + child.getRegisteredParties() + " parent same " + (child.getParent() == root) + " root " + (child.getRoot() == root));
        child.arrive();
        System.out.println("arrived " + child.getArrivedParties() + " unarrived " + child.getUnarrivedParties() + " phase " + child.getPhase());
        child.arrive();
        System.out.println("after both phase " + child.getPhase() + " root phase " + root.getPhase());
        Phaser single = new Phaser(2);
        single.arriveAndDeregister();
        System.out.println("bulk " + single.bulkRegister(2) + " parties " + single.getRegisteredParties());
        System.out.println("awaitAdvance of old phase " + single.awaitAdvance(single.getPhase() + 1));
        try {
            new Phaser(1).arriveAndDeregister();
            new Phaser().arrive();
        } catch (IllegalStateException e) {
            System.out.println("IllegalStateException " + e.getMessage().startsWith("Attempted arrival of unregistered party"));
        }
    }
}
