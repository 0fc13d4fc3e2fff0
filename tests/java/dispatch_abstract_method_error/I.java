interface I {
    default String m() {
        return "I.m";
    }
}
