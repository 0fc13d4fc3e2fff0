// Exercises constant-loading instructions (iconst/bipush/sipush/ldc/ldc_w/ldc2_w) and wide local-variable access (>255 slots, wide iinc).
public class Main {
    static int manyLocals(int seed) {
        int v0 = seed, v1 = v0 + 1, v2 = v1 + 1, v3 = v2 + 1, v4 = v3 + 1, v5 = v4 + 1, v6 = v5 + 1, v7 = v6 + 1;
        long l0 = seed * 3L, l1 = l0 + 1, l2 = l1 + 1, l3 = l2 + 1, l4 = l3 + 1, l5 = l4 + 1, l6 = l5 + 1, l7 = l6 + 1;
        double d0 = seed / 2.0, d1 = d0 + 1, d2 = d1 + 1, d3 = d2 + 1, d4 = d3 + 1, d5 = d4 + 1, d6 = d5 + 1, d7 = d6 + 1;
        long m0 = 1, m1 = 2, m2 = 3, m3 = 4, m4 = 5, m5 = 6, m6 = 7, m7 = 8, m8 = 9, m9 = 10;
        long n0 = 1, n1 = 2, n2 = 3, n3 = 4, n4 = 5, n5 = 6, n6 = 7, n7 = 8, n8 = 9, n9 = 10;
        long o0 = 1, o1 = 2, o2 = 3, o3 = 4, o4 = 5, o5 = 6, o6 = 7, o7 = 8, o8 = 9, o9 = 10;
        long p0 = 1, p1 = 2, p2 = 3, p3 = 4, p4 = 5, p5 = 6, p6 = 7, p7 = 8, p8 = 9, p9 = 10;
        long q0 = 1, q1 = 2, q2 = 3, q3 = 4, q4 = 5, q5 = 6, q6 = 7, q7 = 8, q8 = 9, q9 = 10;
        long r0 = 1, r1 = 2, r2 = 3, r3 = 4, r4 = 5, r5 = 6, r6 = 7, r7 = 8, r8 = 9, r9 = 10;
        long s0 = 1, s1 = 2, s2 = 3, s3 = 4, s4 = 5, s5 = 6, s6 = 7, s7 = 8, s8 = 9, s9 = 10;
        long t0 = 1, t1 = 2, t2 = 3, t3 = 4, t4 = 5, t5 = 6, t6 = 7, t7 = 8, t8 = 9, t9 = 10;
        long u0 = 1, u1 = 2, u2 = 3, u3 = 4, u4 = 5, u5 = 6, u6 = 7, u7 = 8, u8 = 9, u9 = 10;
        long w0 = 1, w1 = 2, w2 = 3, w3 = 4, w4 = 5, w5 = 6, w6 = 7, w7 = 8, w8 = 9, w9 = 10;
        double x0 = 1, x1 = 2, x2 = 3, x3 = 4, x4 = 5, x5 = 6, x6 = 7, x7 = 8, x8 = 9, x9 = 10;
        double y0 = 1, y1 = 2, y2 = 3, y3 = 4, y4 = 5, y5 = 6, y6 = 7, y7 = 8, y8 = 9, y9 = 10;
        // beyond slot 255 now
        int wide = 1000;
        long wideL = 5000000000L;
        double wideD = 0.5;
        float wideF = 1.5f;
        String wideS = "wide";
        wide += 300;      // wide iinc
        wide += -20000;   // wide iinc with big negative constant
        wide++;
        wideL += wide;
        wideD *= wide;
        wideF -= 1;
        int[] wideArr = {wide};
        long sum = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + l0 + l1 + l2 + l3 + l4 + l5 + l6 + l7
                + m0 + m9 + n5 + o3 + p7 + q2 + r8 + s1 + t6 + u4 + w9;
        double dsum = d0 + d7 + x9 + y5;
        System.out.println("wide=" + wide + " wideL=" + wideL + " wideD=" + wideD + " wideF=" + wideF + " " + wideS + " " + wideArr[0]);
        return (int) (sum + dsum + wide);
    }

    public static void main(String[] args) {
        int c0 = -1, c1 = 0, c2 = 5, c3 = 6, c4 = -128, c5 = 127, c6 = 128, c7 = -129, c8 = 32767, c9 = -32768, c10 = 32768, c11 = -32769;
        System.out.println(c0 + " " + c1 + " " + c2 + " " + c3 + " " + c4 + " " + c5 + " " + c6 + " " + c7 + " " + c8 + " " + c9 + " " + c10 + " " + c11);
        long k0 = 0L, k1 = 1L, k2 = 2L, k3 = -1L, k4 = 4294967296L, k5 = Long.MIN_VALUE;
        float f0 = 0f, f1 = 1f, f2 = 2f, f3 = 3f, f4 = -0f, f5 = 0.1f;
        double e0 = 0.0, e1 = 1.0, e2 = 2.0, e3 = -0.0, e4 = 1e-300;
        System.out.println(k0 + " " + k1 + " " + k2 + " " + k3 + " " + k4 + " " + k5);
        System.out.println(f0 + " " + f1 + " " + f2 + " " + f3 + " " + f4 + " " + f5);
        System.out.println(e0 + " " + e1 + " " + e2 + " " + e3 + " " + e4);
        System.out.println(manyLocals(10));
        System.out.println(manyLocals(-7));
        int total = 0;
        for (int i = 0; i < 100; i++) total += manyLocals(i) % 1000;
        System.out.println("total " + total);
    }
}
