// A builder each thread makes and uses alone: Builder is thread_local, so its
// unsynchronized fields need no lock.
class Builder {
    private int parts;
    private int length;

    void add(int n) {
        parts++;
        length += n;
    }

    int result() {
        return parts * 1000 + length;
    }
}
