// Exercises float arithmetic: fadd/fsub/fmul/fdiv/frem/fneg, division by zero, NaN comparisons (fcmpl/fcmpg), -0.0f.
public class Main {
    static float div(float a, float b) { return a / b; }
    static float rem(float a, float b) { return a % b; }

    public static void main(String[] args) {
        float nan = Float.NaN;
        float pinf = Float.POSITIVE_INFINITY;
        float ninf = Float.NEGATIVE_INFINITY;
        System.out.println(div(1f, 0f));
        System.out.println(div(-1f, 0f));
        System.out.println(div(0f, 0f));
        System.out.println(div(1f, -0f));
        System.out.println(rem(5.5f, 2f));
        System.out.println(rem(-5.5f, 2f));
        System.out.println(rem(5.5f, -2f));
        System.out.println(rem(1f, 0f));
        System.out.println(rem(pinf, 2f));
        System.out.println(rem(3f, pinf));
        System.out.println(0.1f + 0.2f);
        System.out.println(0.1f * 3);
        System.out.println(1f / 3f);
        System.out.println(16777216f + 1f);
        System.out.println(pinf - pinf);
        System.out.println(pinf * 0f);
        System.out.println(-(0f));
        System.out.println(0f - 0f);
        System.out.println(-0f + 0f);
        System.out.println(-0f == 0f);
        System.out.println(nan == nan);
        System.out.println(nan != nan);
        System.out.println(nan < 1f);
        System.out.println(nan > 1f);
        System.out.println(nan <= 1f);
        System.out.println(nan >= 1f);
        System.out.println(!(nan < 1f));
        System.out.println(!(nan > 1f));
        System.out.println(ninf < pinf);
        float[] fs = {1.5f, -2.25f, 3.4028235e38f, 1.4e-45f, 0f};
        for (float f : fs) {
            System.out.println(f + " " + (f * 2) + " " + (f / 2) + " " + (-f) + " " + (f > 0 ? "pos" : "nonpos"));
        }
        float acc = 0;
        for (int i = 0; i < 1000; i++) acc += 0.001f;
        System.out.println(acc);
        float x = 100f;
        x /= 3;
        x *= 3;
        System.out.println(x);
        float big = 3.4028235e38f;
        System.out.println(big * 2);
        System.out.println(-big * 2);
        System.out.println(1.4e-45f / 2);
        int cmp1 = (nan > 0f) ? 1 : ((nan < 0f) ? -1 : 0);
        System.out.println(cmp1);
    }
}
