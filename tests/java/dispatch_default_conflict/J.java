interface J {
}
