interface I {
    String m();
}
