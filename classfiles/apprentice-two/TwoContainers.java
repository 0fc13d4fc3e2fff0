// The Apprentice system with two Containers: main starts Jobs forever,
// giving them the two Containers in turn (Job and Container as in
// Figure 1 of Moore & Porter, "The Apprentice Challenge").
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
            Container swap = next;
            next = other;
            other = swap;
        }
    }
}
