// Writes fields of every kind (int, long, float, double, char, boolean,
// reference) so that facts comparing them with numbers change truth value:
// the incremental invariant checker must notice every such change
// (tests/it/invariants.rs).
public class FieldKinds {
    public static void main(String[] args) {
        Holder h = new Holder();
        for (int k = 0; k < 3; k++) {
            h.i = k;
            h.l = k * 7L;
            h.f = k * 0.5f;
            h.d = k - 0.5;
            h.c = (char) ('a' + k);
            h.z = k == 1;
            h.r = k == 2 ? h : null;
        }
        h.f = -0.0f;
        h.d = Double.NaN;
        h.f = 1.0f;
        h.d = 1.0;
        h.l = -1L;
        h.r = null;
    }
}

class Holder {
    int i;
    long l;
    float f;
    double d;
    char c;
    boolean z;
    Object r;
}
