// Exercises Float.toString / println(float) formatting, including Float.MIN_VALUE, MAX_VALUE, thresholds and fractions.
public class Main {
    public static void main(String[] args) {
        float[] fs = {0f, -0f, 1f, -1f, 0.1f, 0.2f, 0.3f, 0.5f, 1.5f, 10f, 1000f, 1e6f, 9999999f, 1e7f, 1.0E7f + 1, 1e8f,
                123456789f, 1e10f, 1e20f, 1e38f, 0.001f, 1.0E-3f, 1.0E-4f, 1.0E-5f, 1e-10f, 1e-38f, 1e-40f, 1f / 3,
                2f / 3, 10f / 3, 3.14159265f, Float.MAX_VALUE, Float.MIN_VALUE, -Float.MAX_VALUE, 1.17549435E-38f,
                Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 16777216f, 16777217f, 0.7f, 1.1f,
                33.333f, 1.0E-45f, 3e-45f, 2.5e-6f, 8.5e9f, 4.2949673E9f, 100.25f, 0.0625f};
        for (float f : fs) {
            System.out.println(f);
        }
        float x = 1;
        for (int i = 0; i < 25; i++) {
            x = x * 1.9f + 0.1f;
            System.out.println(x);
        }
        float y = 1;
        for (int i = 0; i < 25; i++) {
            y = y / 2.7f;
            System.out.println(y);
        }
        System.out.println(Float.toString(0.25f) + "|" + String.valueOf(-3.75f) + "|" + (0.1f + 0.7f));
        System.out.println((double) 0.1f);
        System.out.println((double) Float.MIN_VALUE);
        System.out.println((float) 1e-50);
    }
}
