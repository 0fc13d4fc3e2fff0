// The "bogus container" variant of section 1 of Moore & Porter: main points
// job1 at a second Container for a moment and then back. Container and Job
// are exactly Figure 1's; only main differs. Under the right schedule the
// counter of the real Container decreases.
class Container {
    public int counter;
}

class Job extends Thread {
    Container objref;

    public Job incr() {
        synchronized (objref) {
            objref.counter = objref.counter + 1;
        }
        return this;
    }

    public void setref(Container o) {
        objref = o;
    }

    public void run() {
        for (;;) {
            incr();
        }
    }
}

class Apprentice {
    public static void main(String[] args) {
        Container container = new Container();
        Container bogus = new Container();
        Job job1 = new Job();
        job1.setref(container);
        Job job2 = new Job();
        job2.setref(container);
        job1.start();
        job2.start();
        job1.setref(bogus);
        job1.setref(container);
        for (;;) {
            Job job = new Job();
            job.setref(container);
            job.start();
        }
    }
}
