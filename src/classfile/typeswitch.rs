//! Pattern `switch`: javac compiles `switch (o) { case String s -> ...}`
//! to an `invokedynamic` of `java.lang.runtime.SwitchBootstraps`
//! (`typeSwitch` for any reference, `enumSwitch` for an enum), whose call
//! `(target, restart)` gives the index of the first case label at or after
//! `restart` that the target matches; a `tableswitch` on that index follows
//! (a guard that fails calls again from the next index). As with records'
//! methods (`records`), each call site becomes a static method of a
//! synthetic class, ordinary instructions that do what the JDK's method
//! does, label by label:
//!
//! - a null target gives -1 (the `case null` arm, or `NullPointerException`
//!   from javac's own code);
//! - a class label matches an instance of the class (`instanceof`);
//! - a `String` label matches a target `equals` to it;
//! - an `Integer` label matches a `Number` target whose `intValue()` is the
//!   label, or a `Character` whose `charValue()` is;
//! - an enum constant's label (a `String`, for `enumSwitch`) matches the
//!   constant of that name (`name().equals`: one class's names are unique);
//! - no label matching gives the number of labels (the `default` arm).
//!
//! A label of any other kind (JDK 21's `EnumDesc`, say) is not supported:
//! the call site stays an instruction m5 does not model, an error if it runs.

use cafebabe::constant_pool::{BootstrapArgument, LiteralConstant};

use super::insn::*;
use super::lambda::{self, Lambdas};

/// One case label.
enum Label {
    Class(String),
    String(String),
    Int(i32),
    EnumName(String),
}

/// The instruction for a `SwitchBootstraps.typeSwitch`/`enumSwitch` call
/// site `name desc` with the labels `args`; Err says what is not supported.
pub fn site(
    lambdas: &mut Lambdas,
    bootstrap: &str,
    name: &str,
    desc: &str,
    args: &[BootstrapArgument],
) -> Result<Insn, String> {
    let enums = match bootstrap {
        "typeSwitch" => false,
        "enumSwitch" => true,
        other => return Err(format!("the switch bootstrap {other}")),
    };
    if !desc.ends_with(";I)I") || !desc.starts_with("(L") {
        return Err(format!("a switch call site of type {desc}"));
    }
    let mut labels = Vec::new();
    for a in args {
        labels.push(match a {
            BootstrapArgument::ClassInfo(c) => Label::Class(c.to_string()),
            BootstrapArgument::LiteralConstant(LiteralConstant::String(s)) if enums => {
                Label::EnumName(s.to_string())
            }
            BootstrapArgument::LiteralConstant(LiteralConstant::String(s)) => {
                Label::String(s.to_string())
            }
            BootstrapArgument::LiteralConstant(LiteralConstant::Integer(v)) if !enums => {
                Label::Int(*v)
            }
            other => return Err(format!("a switch label {other:?}")),
        });
    }
    lambda::static_site(lambdas, name, desc, 2, matcher(&labels)?)
}

fn type_ref(name: &str) -> Box<TypeRef> {
    Box::new(TypeRef {
        name: name.into(),
        id: None,
    })
}

fn virt(class: &str, name: &str, desc: &str) -> Result<Insn, String> {
    Ok(Insn::Invoke(
        InvokeKind::Virtual,
        lambda::mref(InvokeKind::Virtual, class, name, desc)?,
    ))
}

/// `(target, restart) -> index`: local 0 the target, local 1 the restart
/// index. Jumps to the next label are written as `u32::MAX` and patched
/// (instruction indices are a synthetic method's pcs).
fn matcher(labels: &[Label]) -> Result<Vec<Insn>, String> {
    const NEXT: u32 = u32::MAX;
    let mut code = vec![
        Insn::Load(Kind::A, 0),
        Insn::IfNull(false, 4),
        Insn::Iconst(-1),
        Insn::Return(Some(Kind::I)),
    ];
    for (k, label) in labels.iter().enumerate() {
        let k = k as i32;
        let start = code.len();
        // Labels before the restart index are not looked at.
        code.extend([
            Insn::Load(Kind::I, 1),
            Insn::Iconst(k),
            Insn::IfIcmp(Cond::Gt, NEXT),
        ]);
        let matched = [Insn::Iconst(k), Insn::Return(Some(Kind::I))];
        match label {
            Label::Class(c) => {
                code.extend([
                    Insn::Load(Kind::A, 0),
                    Insn::InstanceOf(type_ref(c)),
                    Insn::If(Cond::Eq, NEXT),
                ]);
                code.extend(matched);
            }
            Label::String(s) | Label::EnumName(s) => {
                code.extend([
                    Insn::Ldc(Const::String(s.as_str().into())),
                    Insn::Load(Kind::A, 0),
                ]);
                if matches!(label, Label::EnumName(_)) {
                    code.push(virt("java/lang/Enum", "name", "()Ljava/lang/String;")?);
                }
                code.extend([
                    virt("java/lang/String", "equals", "(Ljava/lang/Object;)Z")?,
                    Insn::If(Cond::Eq, NEXT),
                ]);
                code.extend(matched);
            }
            Label::Int(v) => {
                for (class, read, desc) in [
                    ("java/lang/Number", "intValue", "()I"),
                    ("java/lang/Character", "charValue", "()C"),
                ] {
                    // (The next test starts right after this one's eight
                    // instructions and the match's two.)
                    let after = code.len() as u32 + 10;
                    code.extend([
                        Insn::Load(Kind::A, 0),
                        Insn::InstanceOf(type_ref(class)),
                        Insn::If(Cond::Eq, after),
                        Insn::Load(Kind::A, 0),
                        Insn::CheckCast(type_ref(class)),
                        virt(class, read, desc)?,
                        Insn::Iconst(*v),
                        Insn::IfIcmp(Cond::Ne, after),
                    ]);
                    code.extend(matched.clone());
                    debug_assert_eq!(code.len() as u32, after);
                }
            }
        }
        let next = code.len() as u32;
        for insn in &mut code[start..] {
            match insn {
                Insn::IfIcmp(_, t) | Insn::If(_, t) if *t == NEXT => *t = next,
                _ => {}
            }
        }
    }
    code.push(Insn::Iconst(labels.len() as i32));
    code.push(Insn::Return(Some(Kind::I)));
    Ok(code)
}
