fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let s = z3::Solver::new();
    s.from_string(text);
    println!("assertions: {}", s.get_assertions().len());
    println!("{:?}", s.check());
}
