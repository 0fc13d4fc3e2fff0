// NEGATIVE TWIN of apprentice-two: after starting a Job, main hands it the
// other Container too. A Job that has locked one Container may then update
// the other without its lock (a lost update: a counter can go down).
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

class TwoContainers {
    public static void main(String[] args) {
        Container next = new Container();
        Container other = new Container();
        for (;;) {
            Job job = new Job();
            job.setref(next);
            job.start();
            // The bug: the running Job is given the other Container, so it
            // may write a counter whose lock it does not hold.
            job.setref(other);
            Container swap = next;
            next = other;
            other = swap;
        }
    }
}
