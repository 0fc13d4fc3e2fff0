// A finite Apprentice, as the paper's referee built it for Java PathFinder:
// main starts JOBS Jobs (args[0], default 3), each calling incr CALLS times
// (args[1], default 3); incr checks that the counter did not decrease while
// it held the lock. Correct: no schedule fails the check.
class Container {
    public int counter;
}

class Job extends Thread {
    Container objref;
    int calls;

    public Job incr() {
        synchronized (objref) {
            int prev = objref.counter;
            objref.counter = objref.counter + 1;
            if (prev > objref.counter) {
                throw new AssertionError("counter decreased");
            }
        }
        return this;
    }

    public void setref(Container o) {
        objref = o;
    }

    public void run() {
        for (int i = 0; i < calls; i++) {
            incr();
        }
    }
}

class FiniteApprentice {
    public static void main(String[] args) {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Container container = new Container();
        for (int i = 0; i < jobs; i++) {
            Job job = new Job();
            job.calls = calls;
            job.setref(container);
            job.start();
        }
    }
}
