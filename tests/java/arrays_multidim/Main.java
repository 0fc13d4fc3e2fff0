// Exercises multianewarray (2D/3D, partial dimensions), jagged arrays, arrays of objects and arrays of arrays.
public class Main {
    static class Cell {
        int v;
        Cell(int v) { this.v = v; }
        public String toString() { return "C" + v; }
    }

    public static void main(String[] args) {
        int[][] grid = new int[3][4];
        for (int r = 0; r < 3; r++) for (int c = 0; c < 4; c++) grid[r][c] = r * 10 + c;
        System.out.println(grid.length + " " + grid[0].length + " " + grid[2][3]);
        long[][][] cube = new long[2][3][4];
        long sum = 0;
        for (int a = 0; a < 2; a++) for (int b = 0; b < 3; b++) for (int c = 0; c < 4; c++) { cube[a][b][c] = a * 100L + b * 10 + c; sum += cube[a][b][c]; }
        System.out.println("cube sum " + sum + " " + cube[1][2].length);
        double[][] partial = new double[3][];
        System.out.println(partial[0] == null);
        partial[0] = new double[1];
        partial[1] = new double[]{1.5, 2.5};
        partial[2] = new double[5];
        for (int r = 0; r < 3; r++) System.out.println("row " + r + " len " + partial[r].length);
        int[][] jag = {{1}, {2, 3}, {4, 5, 6}, {}};
        StringBuilder sb = new StringBuilder();
        for (int[] row : jag) {
            sb.append('[');
            for (int v : row) sb.append(v).append(' ');
            sb.append(']');
        }
        System.out.println(sb);
        char[][] board = new char[3][3];
        for (int r = 0; r < 3; r++) for (int c = 0; c < 3; c++) board[r][c] = (r + c) % 2 == 0 ? 'X' : 'O';
        for (char[] row : board) System.out.println(row);
        String[][] names = new String[2][2];
        names[1][1] = "bottom-right";
        System.out.println(names[0][0] + " " + names[1][1]);
        Cell[][] cells = new Cell[2][3];
        for (int r = 0; r < 2; r++) for (int c = 0; c < 3; c++) cells[r][c] = new Cell(r * 3 + c);
        System.out.println(cells[1][2] + " " + cells[0][1]);
        Object[] objs = cells;
        System.out.println(((Cell[]) objs[1])[0]);
        boolean[][][] flags = new boolean[2][2][2];
        flags[1][0][1] = true;
        int count = 0;
        for (boolean[][] p : flags) for (boolean[] q : p) for (boolean x : q) if (x) count++;
        System.out.println("flags " + count);
        byte[][] bytes = new byte[2][300];
        bytes[1][299] = (byte) 299;
        System.out.println(bytes[1][299]);
        // matrix multiply
        int n = 6;
        long[][] m1 = new long[n][n], m2 = new long[n][n], m3 = new long[n][n];
        for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) { m1[r][c] = r + c; m2[r][c] = r - c; }
        for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) { long s = 0; for (int k = 0; k < n; k++) s += m1[r][k] * m2[k][c]; m3[r][c] = s; }
        for (int r = 0; r < n; r++) {
            StringBuilder row = new StringBuilder();
            for (int c = 0; c < n; c++) row.append(m3[r][c]).append(' ');
            System.out.println(row);
        }
        int[][][] zeroDim = new int[2][0][5];
        System.out.println(zeroDim.length + " " + zeroDim[1].length);
        Object o = new int[2][2];
        System.out.println(o instanceof int[][]);
        System.out.println(o instanceof Object[]);
        System.out.println(o instanceof int[]);
        float[][] ff = new float[2][2];
        ff[0][1] = 1.25f;
        float[] alias = ff[0];
        alias[1] *= 2;
        System.out.println(ff[0][1]);
    }
}
