// Two threads initialize a superclass and its subclass: the subclass is
// marked in progress before its superclass is initialized (JVMS 5.5), so
// the thread initializing Super (whose initializer reads Sub) and the one
// initializing Sub wait for each other in some schedules (HotSpot hangs
// when the timing falls that way). m5 once said "ok".
class Super {
    static int y;

    static {
        y = Sub.x;
    }
}

class Sub extends Super {
    static int x = 1;
}

public class Main {
    public static void main(String[] args) throws Exception {
        Thread t = new Reader();
        t.start();
        System.out.println("Sub.x=" + Sub.x);
        t.join();
    }
}

class Reader extends Thread {
    public void run() {
        System.out.println("Super.y=" + Super.y);
    }
}
