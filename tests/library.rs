//! m5's model library: every native method it declares has a Rust
//! implementation, except the ones documented as not modeled.

use m5::classfile::{ClassPath, ClassTable};

/// Natives the library declares but m5 deliberately does not model: calling
/// one is a clear "not modeled" error naming it.
const NOT_MODELED: &[&str] = &["java/lang/Thread.interrupt()V"];

#[test]
fn every_library_native_is_bound() {
    let t = ClassTable::load(&ClassPath::default(), &[], &m5::interp::natives::bind)
        .expect("library loads");
    let mut unbound = Vec::new();
    for m in &t.methods {
        if m.is_native() && m.native.is_none() {
            let name = format!("{}.{}{}", m.class_name, m.name, m.desc);
            if !NOT_MODELED.contains(&name.as_str()) {
                unbound.push(name);
            }
        }
    }
    assert!(
        unbound.is_empty(),
        "natives without an implementation: {unbound:#?}"
    );
    let bound = t.methods.iter().filter(|m| m.native.is_some()).count();
    assert!(bound >= 50, "only {bound} natives bound");
}

#[test]
fn every_native_in_the_table_exists_in_the_library() {
    let t = ClassTable::load(&ClassPath::default(), &[], &m5::interp::natives::bind)
        .expect("library loads");
    for (class, name, desc, _) in m5::interp::natives::NATIVES {
        let c = t.id(class).unwrap_or_else(|| panic!("no class {class}"));
        let m = t
            .declared_method(c, name, desc)
            .unwrap_or_else(|| panic!("no method {class}.{name}{desc}"));
        assert!(m.is_native(), "{class}.{name}{desc} is not declared native");
    }
}
