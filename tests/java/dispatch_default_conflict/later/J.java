interface J {
    default String m() {
        return "J.m";
    }
}
