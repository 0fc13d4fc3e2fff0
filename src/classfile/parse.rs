//! One `.class` file's bytes -> an owned, unlinked class (cafebabe parses).

use std::sync::Arc;

use cafebabe::attributes::AttributeData;
use cafebabe::bytecode::{Opcode, PrimitiveArrayType};
use cafebabe::constant_pool::BootstrapArgument;
use cafebabe::constant_pool::{LiteralConstant, Loadable, ObjectArrayType};
use cafebabe::descriptors::{FieldDescriptor, FieldType};

use super::LoadError;
use super::insn::*;

/// A method as read from the class file, before linking.
#[derive(Debug)]
pub struct RawMethod {
    pub name: Arc<str>,
    pub desc: Arc<str>,
    pub flags: u16,
    pub max_locals: u16,
    pub max_stack: u16,
    pub code: Vec<Insn>,
    pub offsets: Vec<u32>,
    pub code_len: u32,
    pub handlers: Vec<RawHandler>,
    pub lines: Vec<(u32, u32)>,
    pub locals: Vec<super::LocalVar>,
    /// The lock a `@GuardedBy` annotation on the method names (it must be
    /// held on entry: rccjava's `requires`).
    pub guarded_by: Option<Arc<str>>,
    /// The `Exceptions` attribute: the checked exceptions it declares.
    pub exceptions: Vec<Arc<str>>,
}

#[derive(Debug)]
pub struct RawHandler {
    pub start: u32,
    pub end: u32,
    pub handler: u32,
    pub catch: Option<Arc<str>>,
}

#[derive(Debug)]
pub struct RawField {
    pub name: Arc<str>,
    pub desc: Arc<str>,
    pub is_static: bool,
    pub volatile: bool,
    pub is_final: bool,
    pub constant: Option<Const>,
    /// The lock a `@GuardedBy("...")` annotation (JCIP's or javax's) names.
    pub guarded_by: Option<Arc<str>>,
}

/// The value of a `@GuardedBy` annotation among `attrs`, whatever its
/// package (`net.jcip.annotations`, `javax.annotation.concurrent`, ...).
fn guarded_by(attrs: &[cafebabe::attributes::AttributeInfo]) -> Option<Arc<str>> {
    attrs.iter().find_map(|a| match &a.data {
        AttributeData::RuntimeInvisibleAnnotations(v)
        | AttributeData::RuntimeVisibleAnnotations(v) => v.iter().find_map(|ann| {
            let ty = ann.type_descriptor.to_string();
            if !ty.ends_with("/GuardedBy;") && ty != "LGuardedBy;" {
                return None;
            }
            ann.elements.iter().find_map(|e| match &e.value {
                cafebabe::attributes::AnnotationElementValue::StringConstant(s)
                    if e.name == "value" =>
                {
                    Some(Arc::from(s.as_ref()))
                }
                _ => None,
            })
        }),
        _ => None,
    })
}

#[derive(Debug)]
pub struct RawClass {
    pub name: Arc<str>,
    pub super_name: Option<Arc<str>>,
    pub interfaces: Vec<Arc<str>>,
    pub flags: u16,
    pub fields: Vec<RawField>,
    pub methods: Vec<RawMethod>,
    pub source_file: Option<Arc<str>>,
    /// The classes this class's lambda call sites make (`lambda`).
    pub synthetic: Vec<RawClass>,
    /// Written by m5 for a lambda call site (`lambda`).
    pub lambda: bool,
    /// What reflection reads beyond linking (`reflection`).
    pub reflection: super::reflection::Reflection,
}

pub const ACC_STATIC: u16 = 0x0008;
pub const ACC_FINAL: u16 = 0x0010;
/// Fields (the same bit is ACC_BRIDGE on methods).
pub const ACC_VOLATILE: u16 = 0x0040;
pub const ACC_SYNCHRONIZED: u16 = 0x0020;
pub const ACC_NATIVE: u16 = 0x0100;
pub const ACC_INTERFACE: u16 = 0x0200;
pub const ACC_ABSTRACT: u16 = 0x0400;
pub const ACC_PRIVATE: u16 = 0x0002;

thread_local! {
    /// The names and descriptors this thread has parsed, shared: a JDK's
    /// classes name the same classes, methods and descriptors hundreds of
    /// thousands of times (`java/lang/Object` alone thousands), and one
    /// copy each saves a java.util program's start-up tens of MB.
    static SHARED: std::cell::RefCell<rustc_hash::FxHashSet<Arc<str>>> = Default::default();
}

/// `s` as a shared string (`SHARED`).
pub(super) fn shared(s: &str) -> Arc<str> {
    SHARED.with_borrow_mut(|set| match set.get(s) {
        Some(a) => a.clone(),
        None => {
            let a: Arc<str> = s.into();
            set.insert(a.clone());
            a
        }
    })
}

/// Lets go of this thread's shared strings (they stay alive where used):
/// the loader calls it when a load ends, so that a process that loads
/// many programs keeps no set of all names it ever saw.
pub(super) fn forget_shared() {
    SHARED.with_borrow_mut(|set| *set = Default::default());
}

fn desc_string(d: &FieldDescriptor) -> String {
    d.to_string()
}

/// `[I`, `[[Ljava/lang/String;` or a plain class name, from a class-info operand.
fn type_name(t: &ObjectArrayType) -> Arc<str> {
    match t {
        ObjectArrayType::ArrayType(d) => shared(&desc_string(d)),
        ObjectArrayType::BinaryName(n) => shared(n),
    }
}

fn type_ref(t: &ObjectArrayType) -> Box<TypeRef> {
    Box::new(TypeRef {
        name: type_name(t),
        id: None,
    })
}

/// Operand-stack slots that a method descriptor's parameters take.
pub fn param_slots(desc: &str) -> Result<u16, String> {
    let inner = desc
        .strip_prefix('(')
        .and_then(|d| d.split_once(')'))
        .ok_or_else(|| format!("bad method descriptor {desc}"))?
        .0;
    let mut slots = 0u16;
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'J' | b'D' => {
                slots += 2;
                i += 1;
            }
            b'L' => {
                slots += 1;
                i += inner[i..]
                    .find(';')
                    .ok_or("unterminated class in descriptor")?
                    + 1;
            }
            b'[' => {
                while i < bytes.len() && bytes[i] == b'[' {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b'L' {
                    i += inner[i..]
                        .find(';')
                        .ok_or("unterminated class in descriptor")?;
                }
                i += 1;
                slots += 1;
            }
            _ => {
                slots += 1;
                i += 1;
            }
        }
    }
    Ok(slots)
}

/// Splits a method descriptor's parameters into individual descriptors.
pub fn param_descs(desc: &str) -> Vec<Arc<str>> {
    let inner = desc
        .strip_prefix('(')
        .and_then(|d| d.split_once(')'))
        .map(|p| p.0)
        .unwrap_or("");
    let mut out = Vec::new();
    let b = inner.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i] == b'[' {
            i += 1;
        }
        if i < b.len() && b[i] == b'L' {
            i += inner[i..].find(';').unwrap_or(inner.len() - i - 1);
        }
        i += 1;
        out.push(inner[start..i.min(b.len())].into());
    }
    out
}

fn literal(c: &LiteralConstant) -> Const {
    match c {
        LiteralConstant::Integer(v) => Const::Int(*v),
        LiteralConstant::Float(v) => Const::Float(*v),
        LiteralConstant::Long(v) => Const::Long(*v),
        LiteralConstant::Double(v) => Const::Double(*v),
        // Text with U+FFFD is kept as units too, so that interning tells
        // it from a literal whose unpaired surrogates read as U+FFFD.
        LiteralConstant::String(s) if s.contains('\u{FFFD}') => {
            Const::Utf16(s.encode_utf16().collect::<Vec<u16>>().into())
        }
        LiteralConstant::String(s) => Const::String(shared(s)),
        // Modified UTF-8 that is not valid UTF-8 (lone surrogates): decode by hand.
        LiteralConstant::StringBytes(b) => Const::Utf16(decode_mutf8(b).into()),
    }
}

/// Decodes modified UTF-8 to UTF-16 units, unpaired surrogates kept.
fn decode_mutf8(b: &[u8]) -> Vec<u16> {
    let mut units: Vec<u16> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c & 0x80 == 0 {
            units.push(c as u16);
            i += 1;
        } else if c & 0xE0 == 0xC0 && i + 1 < b.len() {
            units.push((((c & 0x1F) as u16) << 6) | (b[i + 1] & 0x3F) as u16);
            i += 2;
        } else if i + 2 < b.len() {
            units.push(
                (((c & 0x0F) as u16) << 12)
                    | (((b[i + 1] & 0x3F) as u16) << 6)
                    | (b[i + 2] & 0x3F) as u16,
            );
            i += 3;
        } else {
            break;
        }
    }
    units
}

fn field_ref(m: &cafebabe::constant_pool::MemberRef) -> Box<FieldRef> {
    Box::new(FieldRef {
        class: shared(&m.class_name),
        name: shared(&m.name_and_type.name),
        desc: shared(&m.name_and_type.descriptor),
        slot: None,
        owner: None,
        declaring: None,
        volatile: false,
        is_final: false,
    })
}

fn method_ref(
    m: &cafebabe::constant_pool::MemberRef,
    kind: InvokeKind,
) -> Result<Box<MethodRef>, String> {
    let desc: Arc<str> = shared(&m.name_and_type.descriptor);
    let params = param_slots(&desc)?;
    Ok(Box::new(MethodRef {
        class: shared(&m.class_name),
        name: shared(&m.name_and_type.name),
        arg_slots: params + u16::from(kind != InvokeKind::Static),
        desc,
        selector: 0,
        resolved: None,
        target: None,
        owner: None,
    }))
}

fn prim_array_desc(t: PrimitiveArrayType) -> &'static str {
    match t {
        PrimitiveArrayType::Boolean => "Z",
        PrimitiveArrayType::Char => "C",
        PrimitiveArrayType::Float => "F",
        PrimitiveArrayType::Double => "D",
        PrimitiveArrayType::Byte => "B",
        PrimitiveArrayType::Short => "S",
        PrimitiveArrayType::Int => "I",
        PrimitiveArrayType::Long => "J",
    }
}

type Bootstraps<'a> = [cafebabe::attributes::BootstrapMethodEntry<'a>];

/// Decodes javac's string-concatenation `invokedynamic`; anything else is
/// kept as an unsupported instruction.
fn decode_indy(
    indy: &cafebabe::constant_pool::InvokeDynamic,
    bootstraps: Option<&Bootstraps>,
    lambdas: &mut super::lambda::Lambdas,
) -> Result<Insn, String> {
    let name = indy.name_and_type.name.as_ref();
    let desc = indy.name_and_type.descriptor.as_ref();
    let entry = bootstraps.and_then(|b| b.get(indy.attr_index as usize));
    let Some(entry) = entry else {
        return Ok(Insn::Unsupported(
            format!("invokedynamic {name}{desc}").into(),
        ));
    };
    let bsm = &entry.method;
    let factory = bsm.member_ref.name.as_ref();
    if bsm.class_name == "java/lang/invoke/LambdaMetafactory"
        && matches!(factory, "metafactory" | "altMetafactory")
    {
        // A lambda or method reference; what the desugaring does not
        // cover stays an instruction m5 does not model.
        return Ok(lambdas
            .site(name, desc, &entry.arguments, factory == "altMetafactory")
            .unwrap_or_else(|why| {
                Insn::Unsupported(format!("invokedynamic {name}{desc}: {why}").into())
            }));
    }
    if bsm.class_name == "java/lang/runtime/ObjectMethods" && factory == "bootstrap" {
        return Ok(
            super::records::site(lambdas, name, desc, &entry.arguments).unwrap_or_else(|why| {
                Insn::Unsupported(format!("invokedynamic {name}{desc}: {why}").into())
            }),
        );
    }
    if bsm.class_name == "java/lang/runtime/SwitchBootstraps" {
        return Ok(
            super::typeswitch::site(lambdas, factory, name, desc, &entry.arguments).unwrap_or_else(
                |why| Insn::Unsupported(format!("invokedynamic {name}{desc}: {why}").into()),
            ),
        );
    }
    let is_concat = bsm.class_name == "java/lang/invoke/StringConcatFactory";
    if !is_concat {
        return Ok(Insn::Unsupported(
            format!(
                "invokedynamic {name}{desc} (bootstrap {}.{})",
                bsm.class_name, bsm.member_ref.name
            )
            .into(),
        ));
    }
    let args = param_descs(desc);
    let arg_slots = param_slots(desc)?;
    let mut pieces = Vec::new();
    if bsm.member_ref.name == "makeConcat" {
        pieces.extend((0..args.len()).map(ConcatPiece::Arg));
    } else {
        // makeConcatWithConstants: recipe string, then the \u0002 constants.
        let mut consts = entry.arguments.iter();
        // UTF-16 units throughout: a constant may hold an unpaired surrogate.
        let recipe: Vec<u16> = match consts.next() {
            Some(BootstrapArgument::LiteralConstant(c)) => match literal(c) {
                Const::String(s) => s.encode_utf16().collect(),
                Const::Utf16(u) => u.to_vec(),
                _ => return Err("string concatenation recipe is not a string".into()),
            },
            _ => return Err("string concatenation without a recipe".into()),
        };
        let mut lit: Vec<u16> = Vec::new();
        let mut next_arg = 0;
        let text = |t: &str| t.encode_utf16().collect::<Vec<u16>>();
        for ch in recipe {
            match ch {
                1 => {
                    if !lit.is_empty() {
                        pieces.push(ConcatPiece::Lit(std::mem::take(&mut lit).into()));
                    }
                    pieces.push(ConcatPiece::Arg(next_arg));
                    next_arg += 1;
                }
                2 => match consts.next() {
                    Some(BootstrapArgument::LiteralConstant(c)) => match literal(c) {
                        Const::String(s) => lit.extend(text(&s)),
                        Const::Utf16(u) => lit.extend_from_slice(&u),
                        Const::Int(v) => lit.extend(text(&v.to_string())),
                        Const::Long(v) => lit.extend(text(&v.to_string())),
                        // (javac writes numeric constants into the recipe's
                        // text; one here, from another compiler, is
                        // written as JDK 17 writes it, whatever the JDK.)
                        Const::Float(v) => lit.extend(text(&crate::javafmt::float_to_string(v))),
                        Const::Double(v) => lit.extend(text(&crate::javafmt::double_to_string(v))),
                        Const::Class(_) => return Err("class constant in concatenation".into()),
                    },
                    _ => return Err("missing constant for string concatenation recipe".into()),
                },
                c => lit.push(c),
            }
        }
        if !lit.is_empty() {
            pieces.push(ConcatPiece::Lit(lit.into()));
        }
        if next_arg != args.len() {
            return Err(format!(
                "concatenation recipe uses {next_arg} arguments, descriptor has {}",
                args.len()
            ));
        }
    }
    Ok(Insn::Concat(Box::new(Concat {
        pieces,
        args,
        arg_slots,
    })))
}

/// Converts cafebabe's opcodes to m5 instructions; branch targets become
/// instruction indices.
fn decode_code(
    ops: &[(usize, Opcode)],
    code_len: usize,
    bootstraps: Option<&Bootstraps>,
    lambdas: &mut super::lambda::Lambdas,
) -> Result<(Vec<Insn>, Vec<u32>), String> {
    let offsets: Vec<u32> = ops.iter().map(|(o, _)| *o as u32).collect();
    let index_of = |from: usize, rel: i32| -> Result<u32, String> {
        let target = from as i64 + rel as i64;
        offsets
            .binary_search(&(target as u32))
            .map(|i| i as u32)
            .map_err(|_| {
                format!("branch at pc {from} to {target}, which is not an instruction start")
            })
    };
    let mut code = Vec::with_capacity(ops.len());
    for (pc, op) in ops {
        let insn = match constant_op(op)
            .or_else(|| local_op(op))
            .or_else(|| arith_op(op))
        {
            Some(insn) => insn,
            None => match branch_op(op, *pc, &index_of)? {
                Some(insn) => insn,
                None => object_op(op, bootstraps, lambdas)?,
            },
        };
        code.push(insn);
    }
    let _ = code_len;
    Ok((code, offsets))
}

/// Constants: `nop`, `aconst_null`, `iconst_<n>` ... `ldc2_w`.
fn constant_op(op: &Opcode) -> Option<Insn> {
    use Opcode as O;
    Some(match op {
        O::Nop => Insn::Nop,
        O::AconstNull => Insn::AconstNull,
        O::IconstM1 => Insn::Iconst(-1),
        O::Iconst0 => Insn::Iconst(0),
        O::Iconst1 => Insn::Iconst(1),
        O::Iconst2 => Insn::Iconst(2),
        O::Iconst3 => Insn::Iconst(3),
        O::Iconst4 => Insn::Iconst(4),
        O::Iconst5 => Insn::Iconst(5),
        O::Lconst0 => Insn::Lconst(0),
        O::Lconst1 => Insn::Lconst(1),
        O::Fconst0 => Insn::Fconst(0.0),
        O::Fconst1 => Insn::Fconst(1.0),
        O::Fconst2 => Insn::Fconst(2.0),
        O::Dconst0 => Insn::Dconst(0.0),
        O::Dconst1 => Insn::Dconst(1.0),
        O::Bipush(v) => Insn::Iconst(*v as i32),
        O::Sipush(v) => Insn::Iconst(*v as i32),
        O::Ldc(l) | O::LdcW(l) | O::Ldc2W(l) => match l {
            Loadable::LiteralConstant(c) => Insn::Ldc(literal(c)),
            Loadable::ClassInfo(n) => Insn::Ldc(Const::Class(TypeRef {
                name: shared(n),
                id: None,
            })),
            other => Insn::Unsupported(format!("ldc of {other:?}").into()),
        },
        _ => return None,
    })
}

/// Locals, array elements and the operand-stack shuffles.
fn local_op(op: &Opcode) -> Option<Insn> {
    use Opcode as O;
    Some(match op {
        O::Iload(n) => Insn::Load(Kind::I, *n),
        O::Lload(n) => Insn::Load(Kind::L, *n),
        O::Fload(n) => Insn::Load(Kind::F, *n),
        O::Dload(n) => Insn::Load(Kind::D, *n),
        O::Aload(n) => Insn::Load(Kind::A, *n),
        O::Istore(n) => Insn::Store(Kind::I, *n),
        O::Lstore(n) => Insn::Store(Kind::L, *n),
        O::Fstore(n) => Insn::Store(Kind::F, *n),
        O::Dstore(n) => Insn::Store(Kind::D, *n),
        O::Astore(n) => Insn::Store(Kind::A, *n),
        O::Iaload => Insn::ArrayLoad(ArrKind::I),
        O::Laload => Insn::ArrayLoad(ArrKind::L),
        O::Faload => Insn::ArrayLoad(ArrKind::F),
        O::Daload => Insn::ArrayLoad(ArrKind::D),
        O::Aaload => Insn::ArrayLoad(ArrKind::A),
        O::Baload => Insn::ArrayLoad(ArrKind::B),
        O::Caload => Insn::ArrayLoad(ArrKind::C),
        O::Saload => Insn::ArrayLoad(ArrKind::S),
        O::Iastore => Insn::ArrayStore(ArrKind::I),
        O::Lastore => Insn::ArrayStore(ArrKind::L),
        O::Fastore => Insn::ArrayStore(ArrKind::F),
        O::Dastore => Insn::ArrayStore(ArrKind::D),
        O::Aastore => Insn::ArrayStore(ArrKind::A),
        O::Bastore => Insn::ArrayStore(ArrKind::B),
        O::Castore => Insn::ArrayStore(ArrKind::C),
        O::Sastore => Insn::ArrayStore(ArrKind::S),
        O::Pop => Insn::Pop,
        O::Pop2 => Insn::Pop2,
        O::Dup => Insn::Dup,
        O::DupX1 => Insn::DupX1,
        O::DupX2 => Insn::DupX2,
        O::Dup2 => Insn::Dup2,
        O::Dup2X1 => Insn::Dup2X1,
        O::Dup2X2 => Insn::Dup2X2,
        O::Swap => Insn::Swap,
        _ => return None,
    })
}

/// Arithmetic, `iinc`, conversions and comparisons.
fn arith_op(op: &Opcode) -> Option<Insn> {
    use Opcode as O;
    Some(match op {
        O::Iadd => Insn::Arith(Kind::I, ArithOp::Add),
        O::Ladd => Insn::Arith(Kind::L, ArithOp::Add),
        O::Fadd => Insn::Arith(Kind::F, ArithOp::Add),
        O::Dadd => Insn::Arith(Kind::D, ArithOp::Add),
        O::Isub => Insn::Arith(Kind::I, ArithOp::Sub),
        O::Lsub => Insn::Arith(Kind::L, ArithOp::Sub),
        O::Fsub => Insn::Arith(Kind::F, ArithOp::Sub),
        O::Dsub => Insn::Arith(Kind::D, ArithOp::Sub),
        O::Imul => Insn::Arith(Kind::I, ArithOp::Mul),
        O::Lmul => Insn::Arith(Kind::L, ArithOp::Mul),
        O::Fmul => Insn::Arith(Kind::F, ArithOp::Mul),
        O::Dmul => Insn::Arith(Kind::D, ArithOp::Mul),
        O::Idiv => Insn::Arith(Kind::I, ArithOp::Div),
        O::Ldiv => Insn::Arith(Kind::L, ArithOp::Div),
        O::Fdiv => Insn::Arith(Kind::F, ArithOp::Div),
        O::Ddiv => Insn::Arith(Kind::D, ArithOp::Div),
        O::Irem => Insn::Arith(Kind::I, ArithOp::Rem),
        O::Lrem => Insn::Arith(Kind::L, ArithOp::Rem),
        O::Frem => Insn::Arith(Kind::F, ArithOp::Rem),
        O::Drem => Insn::Arith(Kind::D, ArithOp::Rem),
        O::Ineg => Insn::Arith(Kind::I, ArithOp::Neg),
        O::Lneg => Insn::Arith(Kind::L, ArithOp::Neg),
        O::Fneg => Insn::Arith(Kind::F, ArithOp::Neg),
        O::Dneg => Insn::Arith(Kind::D, ArithOp::Neg),
        O::Ishl => Insn::Arith(Kind::I, ArithOp::Shl),
        O::Lshl => Insn::Arith(Kind::L, ArithOp::Shl),
        O::Ishr => Insn::Arith(Kind::I, ArithOp::Shr),
        O::Lshr => Insn::Arith(Kind::L, ArithOp::Shr),
        O::Iushr => Insn::Arith(Kind::I, ArithOp::Ushr),
        O::Lushr => Insn::Arith(Kind::L, ArithOp::Ushr),
        O::Iand => Insn::Arith(Kind::I, ArithOp::And),
        O::Land => Insn::Arith(Kind::L, ArithOp::And),
        O::Ior => Insn::Arith(Kind::I, ArithOp::Or),
        O::Lor => Insn::Arith(Kind::L, ArithOp::Or),
        O::Ixor => Insn::Arith(Kind::I, ArithOp::Xor),
        O::Lxor => Insn::Arith(Kind::L, ArithOp::Xor),
        O::Iinc(n, d) => Insn::Iinc(*n, *d as i32),
        O::I2l => Insn::Convert(Conv::I2L),
        O::I2f => Insn::Convert(Conv::I2F),
        O::I2d => Insn::Convert(Conv::I2D),
        O::L2i => Insn::Convert(Conv::L2I),
        O::L2f => Insn::Convert(Conv::L2F),
        O::L2d => Insn::Convert(Conv::L2D),
        O::F2i => Insn::Convert(Conv::F2I),
        O::F2l => Insn::Convert(Conv::F2L),
        O::F2d => Insn::Convert(Conv::F2D),
        O::D2i => Insn::Convert(Conv::D2I),
        O::D2l => Insn::Convert(Conv::D2L),
        O::D2f => Insn::Convert(Conv::D2F),
        O::I2b => Insn::Convert(Conv::I2B),
        O::I2c => Insn::Convert(Conv::I2C),
        O::I2s => Insn::Convert(Conv::I2S),
        O::Lcmp => Insn::Lcmp,
        O::Fcmpl => Insn::Fcmp(-1),
        O::Fcmpg => Insn::Fcmp(1),
        O::Dcmpl => Insn::Dcmp(-1),
        O::Dcmpg => Insn::Dcmp(1),
        _ => return None,
    })
}

/// Branches and switches at `pc`; `index_of` turns a relative byte offset
/// into an instruction index.
fn branch_op(
    op: &Opcode,
    pc: usize,
    index_of: &dyn Fn(usize, i32) -> Result<u32, String>,
) -> Result<Option<Insn>, String> {
    use Opcode as O;
    Ok(Some(match op {
        O::Ifeq(j) => Insn::If(Cond::Eq, index_of(pc, *j)?),
        O::Ifne(j) => Insn::If(Cond::Ne, index_of(pc, *j)?),
        O::Iflt(j) => Insn::If(Cond::Lt, index_of(pc, *j)?),
        O::Ifge(j) => Insn::If(Cond::Ge, index_of(pc, *j)?),
        O::Ifgt(j) => Insn::If(Cond::Gt, index_of(pc, *j)?),
        O::Ifle(j) => Insn::If(Cond::Le, index_of(pc, *j)?),
        O::IfIcmpeq(j) => Insn::IfIcmp(Cond::Eq, index_of(pc, *j)?),
        O::IfIcmpne(j) => Insn::IfIcmp(Cond::Ne, index_of(pc, *j)?),
        O::IfIcmplt(j) => Insn::IfIcmp(Cond::Lt, index_of(pc, *j)?),
        O::IfIcmpge(j) => Insn::IfIcmp(Cond::Ge, index_of(pc, *j)?),
        O::IfIcmpgt(j) => Insn::IfIcmp(Cond::Gt, index_of(pc, *j)?),
        O::IfIcmple(j) => Insn::IfIcmp(Cond::Le, index_of(pc, *j)?),
        O::IfAcmpeq(j) => Insn::IfAcmp(true, index_of(pc, *j)?),
        O::IfAcmpne(j) => Insn::IfAcmp(false, index_of(pc, *j)?),
        O::Ifnull(j) => Insn::IfNull(true, index_of(pc, *j)?),
        O::Ifnonnull(j) => Insn::IfNull(false, index_of(pc, *j)?),
        O::Goto(j) => Insn::Goto(index_of(pc, *j)?),
        O::Tableswitch(t) => {
            let mut cases = Vec::with_capacity(t.jumps.len());
            for (i, j) in t.jumps.iter().enumerate() {
                cases.push((t.low.wrapping_add(i as i32), index_of(pc, *j)?));
            }
            Insn::Switch(Box::new(Switch {
                cases,
                default: index_of(pc, t.default)?,
                table: true,
            }))
        }
        O::Lookupswitch(t) => {
            let mut cases = Vec::with_capacity(t.match_offsets.len());
            for (k, j) in &t.match_offsets {
                cases.push((*k, index_of(pc, *j)?));
            }
            cases.sort_by_key(|c| c.0);
            Insn::Switch(Box::new(Switch {
                cases,
                default: index_of(pc, t.default)?,
                table: false,
            }))
        }
        _ => return Ok(None),
    }))
}

/// Returns, fields, calls, objects and arrays, exceptions, monitors, and
/// the opcodes m5 does not model: every opcode the groups before did not
/// decode.
fn object_op(
    op: &Opcode,
    bootstraps: Option<&Bootstraps>,
    lambdas: &mut super::lambda::Lambdas,
) -> Result<Insn, String> {
    use Opcode as O;
    Ok(match op {
        O::Ireturn => Insn::Return(Some(Kind::I)),
        O::Lreturn => Insn::Return(Some(Kind::L)),
        O::Freturn => Insn::Return(Some(Kind::F)),
        O::Dreturn => Insn::Return(Some(Kind::D)),
        O::Areturn => Insn::Return(Some(Kind::A)),
        O::Return => Insn::Return(None),
        O::Getstatic(m) => Insn::GetStatic(field_ref(m)),
        O::Putstatic(m) => Insn::PutStatic(field_ref(m)),
        O::Getfield(m) => Insn::GetField(field_ref(m)),
        O::Putfield(m) => Insn::PutField(field_ref(m)),
        O::Invokevirtual(m) => {
            Insn::Invoke(InvokeKind::Virtual, method_ref(m, InvokeKind::Virtual)?)
        }
        O::Invokespecial(m) => {
            Insn::Invoke(InvokeKind::Special, method_ref(m, InvokeKind::Special)?)
        }
        O::Invokestatic(m) => Insn::Invoke(InvokeKind::Static, method_ref(m, InvokeKind::Static)?),
        O::Invokeinterface(m, _) => {
            Insn::Invoke(InvokeKind::Interface, method_ref(m, InvokeKind::Interface)?)
        }
        O::Invokedynamic(d) => decode_indy(d, bootstraps, lambdas)?,
        O::New(n) => Insn::New(Box::new(ClassRef {
            name: shared(n),
            id: None,
        })),
        O::Newarray(t) => Insn::NewArray(prim_array_desc(*t).into()),
        O::Anewarray(t) => Insn::ANewArray(type_ref(t)),
        O::Multianewarray(t, d) => Insn::MultiANewArray(type_ref(t), *d),
        O::Arraylength => Insn::ArrayLength,
        O::Athrow => Insn::Athrow,
        O::Checkcast(t) => Insn::CheckCast(type_ref(t)),
        O::Instanceof(t) => Insn::InstanceOf(type_ref(t)),
        O::Monitorenter => Insn::MonitorEnter,
        O::Monitorexit => Insn::MonitorExit,
        O::Jsr(_) => Insn::Unsupported("jsr".into()),
        O::Ret(_) => Insn::Unsupported("ret".into()),
        O::Breakpoint => Insn::Unsupported("breakpoint".into()),
        O::Impdep1 => Insn::Unsupported("impdep1".into()),
        O::Impdep2 => Insn::Unsupported("impdep2".into()),
        other => return Err(format!("opcode {other:?} has no decoder")),
    })
}

fn field_desc_string(fd: &FieldDescriptor) -> Arc<str> {
    let _ = matches!(fd.field_type, FieldType::Object(_));
    desc_string(fd).into()
}

/// Parses one class file. `origin` names the file in error messages.
pub fn parse_class(origin: &str, bytes: &[u8]) -> Result<RawClass, LoadError> {
    parse_class_with(origin, bytes, &|_| false)
}

/// `bytes` parsed by cafebabe, with its recursion bounded and its panics
/// contained: a malformed file is an error naming `origin`, never a crash.
pub(super) fn checked<'a>(
    origin: &str,
    bytes: &'a [u8],
) -> Result<cafebabe::ClassFile<'a>, LoadError> {
    let malformed = |msg: String| LoadError::Malformed {
        path: origin.to_string(),
        msg,
    };
    // Say plainly what is wrong with files that are not class files at all.
    if bytes.is_empty() {
        return Err(malformed(
            "the file is empty (expected a class file, starting with 0xCAFEBABE)".into(),
        ));
    }
    if bytes.len() >= 4 && bytes[..4] != [0xCA, 0xFE, 0xBA, 0xBE] {
        return Err(malformed(format!(
            "not a class file: expected the magic number 0xCAFEBABE at byte 0, found 0x{:02X}{:02X}{:02X}{:02X}",
            bytes[0], bytes[1], bytes[2], bytes[3]
        )));
    }
    // cafebabe recurses into nested structures: bound them first.
    super::nesting::check(bytes).map_err(malformed)?;
    // cafebabe reports errors as values; a panic inside it would be a bug
    // there, but bad input must never crash m5, so contain it.
    let parsed = std::panic::catch_unwind(|| cafebabe::parse_class(bytes))
        .map_err(|_| malformed("the class file parser failed on this input".into()))?;
    parsed.map_err(|e| malformed(e.to_string()))
}

/// `parse_class`, with the names a lambda's class must not take (`taken`:
/// the classes on the class path and in the library).
pub fn parse_class_with(
    origin: &str,
    bytes: &[u8],
    taken: &dyn Fn(&str) -> bool,
) -> Result<RawClass, LoadError> {
    let malformed = |msg: String| LoadError::Malformed {
        path: origin.to_string(),
        msg,
    };
    let cf = checked(origin, bytes)?;
    let name: Arc<str> = cf.this_class.to_string().into();
    let bootstraps = cf.attributes.iter().find_map(|a| match &a.data {
        AttributeData::BootstrapMethods(b) => Some(b.as_slice()),
        _ => None,
    });
    let source_file = cf.attributes.iter().find_map(|a| match &a.data {
        AttributeData::SourceFile(s) => Some(Arc::from(s.as_ref())),
        _ => None,
    });
    let mut fields = Vec::new();
    for f in &cf.fields {
        let constant = f.attributes.iter().find_map(|a| match &a.data {
            AttributeData::ConstantValue(c) => Some(literal(c)),
            _ => None,
        });
        fields.push(RawField {
            name: shared(&f.name),
            desc: field_desc_string(&f.descriptor),
            is_static: f.access_flags.bits() & ACC_STATIC != 0,
            volatile: f.access_flags.bits() & ACC_VOLATILE != 0,
            is_final: f.access_flags.bits() & ACC_FINAL != 0,
            constant,
            guarded_by: guarded_by(&f.attributes),
        });
    }
    let mut methods = Vec::new();
    let mut lambdas = super::lambda::Lambdas::new(name.clone(), taken);
    for m in &cf.methods {
        let mname: Arc<str> = shared(&m.name);
        let desc: Arc<str> = shared(&m.descriptor.to_string());
        let flags = m.access_flags.bits();
        let code_attr = m.attributes.iter().find_map(|a| match &a.data {
            AttributeData::Code(c) => Some(c),
            _ => None,
        });
        let mut rm = RawMethod {
            name: mname.clone(),
            desc: desc.clone(),
            flags,
            max_locals: 0,
            max_stack: 0,
            code: Vec::new(),
            offsets: Vec::new(),
            code_len: 0,
            handlers: Vec::new(),
            lines: Vec::new(),
            locals: Vec::new(),
            guarded_by: guarded_by(&m.attributes),
            exceptions: m
                .attributes
                .iter()
                .find_map(|a| match &a.data {
                    AttributeData::Exceptions(e) => {
                        Some(e.iter().map(|c| Arc::from(c.as_ref())).collect())
                    }
                    _ => None,
                })
                .unwrap_or_default(),
        };
        if let Some(c) = code_attr {
            let ops = c
                .bytecode
                .as_ref()
                .ok_or_else(|| malformed(format!("method {mname}{desc}: no bytecode")))?;
            let (code, offsets) = decode_code(&ops.opcodes, c.code.len(), bootstraps, &mut lambdas)
                .map_err(|e| malformed(format!("method {mname}{desc}: {e}")))?;
            rm.code = code;
            rm.offsets = offsets;
            rm.code_len = c.code.len() as u32;
            rm.max_locals = c.max_locals;
            rm.max_stack = c.max_stack;
            for h in &c.exception_table {
                rm.handlers.push(RawHandler {
                    start: h.start_pc as u32,
                    end: h.end_pc as u32,
                    handler: h.handler_pc as u32,
                    catch: h.catch_type.as_ref().map(|s| shared(s)),
                });
            }
            for a in &c.attributes {
                match &a.data {
                    AttributeData::LineNumberTable(t) => rm
                        .lines
                        .extend(t.iter().map(|e| (e.start_pc as u32, e.line_number as u32))),
                    // Only for helpful NullPointerException messages.
                    AttributeData::LocalVariableTable(t) => {
                        rm.locals.extend(t.iter().map(|e| super::LocalVar {
                            start: e.start_pc as u32,
                            length: e.length as u32,
                            slot: e.index,
                            name: Arc::from(e.name.as_ref()),
                        }))
                    }
                    _ => {}
                }
            }
            rm.lines.sort();
        }
        methods.push(rm);
    }
    Ok(RawClass {
        name,
        super_name: cf.super_class.as_ref().map(|s| shared(&s.to_string())),
        interfaces: cf
            .interfaces
            .iter()
            .map(|i| shared(&i.to_string()))
            .collect(),
        flags: cf.access_flags.bits(),
        fields,
        methods,
        source_file,
        synthetic: lambdas.classes,
        lambda: false,
        reflection: super::reflection::read(&cf),
    })
}
