// The finite Apprentice with the paper's section 1 bug: main points the first
// Job at a bogus Container for a moment and back. Container and Job are
// unchanged; under the right schedule a Job sees the counter decrease
// while it holds the (real) lock, and the AssertionError is thrown.
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
        Container bogus = new Container();
        Job first = null;
        for (int i = 0; i < jobs; i++) {
            Job job = new Job();
            job.calls = calls;
            job.setref(container);
            job.start();
            if (first == null) {
                first = job;
            }
        }
        first.setref(bogus);
        first.setref(container);
    }
}
