//! PLACEHOLDER until the Java-exact formatter lands.
pub fn double_to_string(x: f64) -> String {
    format!("{x:?}")
}
pub fn float_to_string(x: f32) -> String {
    format!("{x:?}")
}
