//! Records' `toString`, `hashCode` and `equals`: javac compiles them to an
//! `invokedynamic` of `java.lang.runtime.ObjectMethods.bootstrap`, whose
//! arguments are the record class, its component names (`"x;y"`) and a
//! getter per component. As with lambdas (`lambda`), each call site becomes
//! a static method of a synthetic, hidden class, written as ordinary
//! instructions that do what the JDK's method handles do, in the same
//! order (HotSpot's, checked by differential tests):
//!
//! - `toString`: `Name[x=1, y=2]` (the record's simple name; each component
//!   as `String.valueOf` gives it), components first to last;
//! - `hashCode`: `h = 31 * h + hash(c)`, from 0, first to last (`Integer.
//!   hashCode` and its kin for primitives, `Objects.hashCode` otherwise);
//! - `equals`: the same object is equal; an object that is no instance of
//!   the record is not; else the components are compared last to first,
//!   stopping at the first difference (`==` for integral and boolean
//!   components, `Float`/`Double.compare` for floating ones, `Objects.
//!   equals` for references).

use std::sync::Arc;

use cafebabe::constant_pool::{BootstrapArgument, LiteralConstant, ReferenceKind};

use super::insn::*;
use super::lambda::{self, Lambdas};

/// One component: its label and its field's descriptor.
struct Component {
    name: String,
    desc: Arc<str>,
}

/// The instruction for an `ObjectMethods.bootstrap` call site named `op`
/// with descriptor `desc`; Err says what is not supported.
pub fn site(
    lambdas: &mut Lambdas,
    op: &str,
    desc: &str,
    args: &[BootstrapArgument],
) -> Result<Insn, String> {
    let (record, names, getters) = match args {
        [
            BootstrapArgument::ClassInfo(c),
            BootstrapArgument::LiteralConstant(LiteralConstant::String(n)),
            rest @ ..,
        ] => (c.as_ref(), n.as_ref(), rest),
        _ => return Err("a record bootstrap without its class and names".into()),
    };
    let names: Vec<&str> = if names.is_empty() {
        Vec::new()
    } else {
        names.split(';').collect()
    };
    if names.len() != getters.len() {
        return Err("a record bootstrap whose names and getters differ in number".into());
    }
    // Each component: its label (the name javac gave) and the field its
    // getter reads.
    let mut comps = Vec::new();
    let mut fields = Vec::new();
    for (n, g) in names.iter().zip(getters) {
        match g {
            BootstrapArgument::MethodHandle(h) if h.kind == ReferenceKind::GetField => {
                comps.push(Component {
                    name: n.to_string(),
                    desc: h.member_ref.descriptor.as_ref().into(),
                });
                fields.push(h.member_ref.name.to_string());
            }
            _ => return Err("a record component read other than by its field".into()),
        }
    }
    let code = match op {
        "toString" => to_string(record, &comps, &fields)?,
        "hashCode" => hash_code(record, &comps, &fields)?,
        "equals" => equals(record, &comps, &fields)?,
        _ => return Err(format!("the record method {op}")),
    };
    lambda::static_site(lambdas, op, desc, 3, code)
}

fn get(record: &str, field: &str, c: &Component, local: u16) -> [Insn; 2] {
    [
        Insn::Load(Kind::A, local),
        Insn::GetField(lambda::fref(record, field, &c.desc)),
    ]
}

fn call(class: &str, name: &str, desc: &str) -> Result<Insn, String> {
    Ok(Insn::Invoke(
        InvokeKind::Static,
        lambda::mref(InvokeKind::Static, class, name, desc)?,
    ))
}

fn virt(class: &str, name: &str, desc: &str) -> Result<Insn, String> {
    Ok(Insn::Invoke(
        InvokeKind::Virtual,
        lambda::mref(InvokeKind::Virtual, class, name, desc)?,
    ))
}

fn is_ref(desc: &str) -> bool {
    matches!(desc.as_bytes()[0], b'L' | b'[')
}

/// The simple name of a class from its binary name, as `getSimpleName`
/// gives it for a record (nested `A$B` and local `A$1B` are `B`).
fn simple_name(record: &str) -> String {
    let base = record.rsplit('/').next().unwrap_or(record);
    let last = base.rsplit('$').next().unwrap_or(base);
    last.trim_start_matches(|c: char| c.is_ascii_digit())
        .to_string()
}

fn to_string(record: &str, comps: &[Component], fields: &[String]) -> Result<Vec<Insn>, String> {
    const SB: &str = "java/lang/StringBuilder";
    const APPEND: &str = "(Ljava/lang/String;)Ljava/lang/StringBuilder;";
    let mut code = vec![
        Insn::New(Box::new(ClassRef {
            name: SB.into(),
            id: None,
        })),
        Insn::Dup,
        Insn::Ldc(Const::String(format!("{}[", simple_name(record)).into())),
        Insn::Invoke(
            InvokeKind::Special,
            lambda::mref(InvokeKind::Special, SB, "<init>", "(Ljava/lang/String;)V")?,
        ),
    ];
    for (i, (c, f)) in comps.iter().zip(fields).enumerate() {
        let label = if i == 0 {
            format!("{}=", c.name)
        } else {
            format!(", {}=", c.name)
        };
        code.push(Insn::Ldc(Const::String(label.into())));
        code.push(virt(SB, "append", APPEND)?);
        code.extend(get(record, f, c, 0));
        let value_of = match c.desc.as_bytes()[0] {
            b'Z' => "(Z)Ljava/lang/String;",
            b'C' => "(C)Ljava/lang/String;",
            b'B' | b'S' | b'I' => "(I)Ljava/lang/String;",
            b'J' => "(J)Ljava/lang/String;",
            b'F' => "(F)Ljava/lang/String;",
            b'D' => "(D)Ljava/lang/String;",
            _ => "(Ljava/lang/Object;)Ljava/lang/String;",
        };
        code.push(call("java/lang/String", "valueOf", value_of)?);
        code.push(virt(SB, "append", APPEND)?);
    }
    code.push(Insn::Ldc(Const::String("]".into())));
    code.push(virt(SB, "append", APPEND)?);
    code.push(virt(SB, "toString", "()Ljava/lang/String;")?);
    code.push(Insn::Return(Some(Kind::A)));
    Ok(code)
}

fn hash_code(record: &str, comps: &[Component], fields: &[String]) -> Result<Vec<Insn>, String> {
    let mut code = vec![Insn::Iconst(0)];
    for (c, f) in comps.iter().zip(fields) {
        code.push(Insn::Iconst(31));
        code.push(Insn::Arith(Kind::I, ArithOp::Mul));
        code.extend(get(record, f, c, 0));
        let (class, desc) = match c.desc.as_bytes()[0] {
            b'Z' => ("java/lang/Boolean", "(Z)I"),
            b'B' => ("java/lang/Byte", "(B)I"),
            b'C' => ("java/lang/Character", "(C)I"),
            b'S' => ("java/lang/Short", "(S)I"),
            b'I' => ("java/lang/Integer", "(I)I"),
            b'J' => ("java/lang/Long", "(J)I"),
            b'F' => ("java/lang/Float", "(F)I"),
            b'D' => ("java/lang/Double", "(D)I"),
            _ => ("java/util/Objects", "(Ljava/lang/Object;)I"),
        };
        code.push(call(class, "hashCode", desc)?);
        code.push(Insn::Arith(Kind::I, ArithOp::Add));
    }
    code.push(Insn::Return(Some(Kind::I)));
    Ok(code)
}

fn equals(record: &str, comps: &[Component], fields: &[String]) -> Result<Vec<Insn>, String> {
    // Instruction indices are the targets (a synthetic method's pcs).
    let mut code = vec![
        Insn::Load(Kind::A, 0),
        Insn::Load(Kind::A, 1),
        Insn::IfAcmp(false, 5),
        Insn::Iconst(1),
        Insn::Return(Some(Kind::I)),
        // 5:
        Insn::Load(Kind::A, 1),
        Insn::InstanceOf(Box::new(TypeRef {
            name: record.into(),
            id: None,
        })),
        Insn::If(Cond::Ne, 10),
        Insn::Iconst(0),
        Insn::Return(Some(Kind::I)),
        // 10:
        Insn::Load(Kind::A, 1),
        Insn::CheckCast(Box::new(TypeRef {
            name: record.into(),
            id: None,
        })),
        Insn::Store(Kind::A, 2),
    ];
    // Each comparison jumps to `FALSE` (patched below) on a difference.
    let mut jumps = Vec::new();
    for (c, f) in comps.iter().zip(fields).rev() {
        code.extend(get(record, f, c, 0));
        code.extend(get(record, f, c, 2));
        match c.desc.as_bytes()[0] {
            b'Z' | b'B' | b'C' | b'S' | b'I' => {
                jumps.push(code.len());
                code.push(Insn::IfIcmp(Cond::Ne, 0));
            }
            b'J' => {
                code.push(Insn::Lcmp);
                jumps.push(code.len());
                code.push(Insn::If(Cond::Ne, 0));
            }
            b'F' => {
                code.push(call("java/lang/Float", "compare", "(FF)I")?);
                jumps.push(code.len());
                code.push(Insn::If(Cond::Ne, 0));
            }
            b'D' => {
                code.push(call("java/lang/Double", "compare", "(DD)I")?);
                jumps.push(code.len());
                code.push(Insn::If(Cond::Ne, 0));
            }
            _ if is_ref(&c.desc) => {
                code.push(call(
                    "java/util/Objects",
                    "equals",
                    "(Ljava/lang/Object;Ljava/lang/Object;)Z",
                )?);
                jumps.push(code.len());
                code.push(Insn::If(Cond::Eq, 0));
            }
            _ => return Err(format!("a record component of type {}", c.desc)),
        }
    }
    code.push(Insn::Iconst(1));
    code.push(Insn::Return(Some(Kind::I)));
    let false_at = code.len() as u32;
    code.push(Insn::Iconst(0));
    code.push(Insn::Return(Some(Kind::I)));
    for j in jumps {
        code[j] = match &code[j] {
            Insn::IfIcmp(c, _) => Insn::IfIcmp(*c, false_at),
            Insn::If(c, _) => Insn::If(*c, false_at),
            other => other.clone(),
        };
    }
    Ok(code)
}
