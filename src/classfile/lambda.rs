//! Lambdas and method references: javac's `invokedynamic` with the
//! bootstrap `LambdaMetafactory.metafactory`, desugared when the class is
//! read into a synthetic class per call site (what the metafactory spins at
//! run time) and a plain `invokestatic` of its factory.
//!
//! The synthetic class `Caller$$Lambda$N` implements the functional
//! interface; its fields hold the captured values; its one method (the
//! interface's, with the erased descriptor) loads them and its own
//! arguments, adapts each to the implementation method's parameter
//! (cast, unbox, box, widen: the metafactory's rules), calls it and adapts
//! the result. A lambda that captures nothing is one object made by the
//! class's initializer (HotSpot links such a call site to one constant
//! instance, so two evaluations are `==`); one that captures is a new
//! object per evaluation. Because it is ordinary bytecode, the
//! interpreter, the explorer, the race detector and the prover run it
//! like any other: no instruction of its own. Frames of these classes are
//! left out of stack traces, as HotSpot leaves out its hidden classes.

use std::sync::Arc;

use cafebabe::constant_pool::{BootstrapArgument, MethodHandle, ReferenceKind};

use super::insn::{ClassRef, Conv, FieldRef, Insn, InvokeKind, Kind, MethodRef, TypeRef};
use super::parse::{
    ACC_FINAL, ACC_STATIC, RawClass, RawField, RawMethod, param_descs, param_slots,
};

/// Marks the classes this module writes (with `ACC_FINAL`).
pub const ACC_SYNTHETIC: u16 = 0x1000;
const ACC_PUBLIC: u16 = 0x0001;
const ACC_PRIVATE: u16 = 0x0002;
const ACC_SUPER: u16 = 0x0020;
/// The static method that makes (or gives) the instance: in angle
/// brackets like `<init>`, so no Java method can clash with it (and an
/// invariant names it like a constructor: `Main$$Lambda$1.<lambda>`).
pub const FACTORY: &str = "<lambda>";

/// The lambda classes of one class file, numbered from 1 in the order
/// their call sites appear (skipping names a class already has).
pub struct Lambdas<'a> {
    caller: Arc<str>,
    pub classes: Vec<RawClass>,
    /// Is a class of this name on the class path (or in the library)? A
    /// lambda's class takes the next number that is not (a nested class
    /// `$Lambda$1` of `Main` is `Main$$Lambda$1` too).
    taken: &'a dyn Fn(&str) -> bool,
    next: usize,
}

impl<'a> Lambdas<'a> {
    pub fn new(caller: Arc<str>, taken: &'a dyn Fn(&str) -> bool) -> Lambdas<'a> {
        Lambdas {
            caller,
            classes: Vec::new(),
            taken,
            next: 0,
        }
    }

    pub(crate) fn fresh_name(&mut self) -> Arc<str> {
        loop {
            self.next += 1;
            let name = format!("{}$$Lambda${}", self.caller, self.next);
            if !(self.taken)(&name) {
                return name.into();
            }
        }
    }

    /// The instruction for a `metafactory` call site named `sam` with
    /// descriptor `indy_desc` (captured values to the interface) and the
    /// bootstrap's static arguments; Err says what is not supported.
    /// `alt` is `altMetafactory` (javac's for serializable lambdas and
    /// intersection casts), whose further arguments are flags, marker
    /// interfaces and bridge descriptors.
    pub fn site(
        &mut self,
        sam: &str,
        indy_desc: &str,
        args: &[BootstrapArgument],
        alt: bool,
    ) -> Result<Insn, String> {
        let (erased, handle, instantiated) = match args {
            [
                BootstrapArgument::MethodType(e),
                BootstrapArgument::MethodHandle(h),
                BootstrapArgument::MethodType(i),
                ..,
            ] if alt || args.len() == 3 => (e.as_ref(), h, i.as_ref()),
            _ => return Err("a lambda bootstrap without its three arguments".into()),
        };
        let (markers, bridges) = if alt {
            alt_extras(&args[3..])?
        } else {
            (Vec::new(), Vec::new())
        };
        let name = self.fresh_name();
        let mut class = synthesize(&name, sam, indy_desc, erased, handle, instantiated)?;
        class.interfaces.extend(markers);
        for b in bridges {
            if b != erased {
                let bridge = synthesize(&name, sam, indy_desc, &b, handle, instantiated)?;
                class
                    .methods
                    .extend(bridge.methods.into_iter().filter(|m| &*m.name == sam));
            }
        }
        self.classes.push(class);
        Ok(Insn::Invoke(
            InvokeKind::Static,
            mref(InvokeKind::Static, &name, FACTORY, indy_desc)?,
        ))
    }
}

/// `altMetafactory`'s arguments after the first three: flags, then (with
/// FLAG_MARKERS) marker interfaces, (with FLAG_BRIDGES) bridge
/// descriptors. Serializable is a marker here: m5 does not serialize.
fn alt_extras(args: &[BootstrapArgument]) -> Result<(Vec<Arc<str>>, Vec<String>), String> {
    const SERIALIZABLE: i32 = 1;
    const MARKERS: i32 = 2;
    const BRIDGES: i32 = 4;
    let int = |a: Option<&BootstrapArgument>| match a {
        Some(BootstrapArgument::LiteralConstant(
            cafebabe::constant_pool::LiteralConstant::Integer(v),
        )) => Ok(*v),
        _ => Err("altMetafactory arguments m5 does not understand".to_string()),
    };
    let mut it = args.iter();
    let flags = int(it.next())?;
    let mut markers: Vec<Arc<str>> = Vec::new();
    if flags & SERIALIZABLE != 0 {
        markers.push("java/io/Serializable".into());
    }
    if flags & MARKERS != 0 {
        for _ in 0..int(it.next())? {
            match it.next() {
                Some(BootstrapArgument::ClassInfo(c)) => markers.push(c.as_ref().into()),
                _ => return Err("altMetafactory marker that is not a class".into()),
            }
        }
    }
    let mut bridges = Vec::new();
    if flags & BRIDGES != 0 {
        for _ in 0..int(it.next())? {
            match it.next() {
                Some(BootstrapArgument::MethodType(d)) => bridges.push(d.to_string()),
                _ => return Err("altMetafactory bridge that is not a method type".into()),
            }
        }
    }
    markers.dedup();
    Ok((markers, bridges))
}

pub(crate) fn mref(
    kind: InvokeKind,
    class: &str,
    name: &str,
    desc: &str,
) -> Result<Box<MethodRef>, String> {
    let params = param_slots(desc)?;
    Ok(Box::new(MethodRef {
        class: class.into(),
        name: name.into(),
        desc: desc.into(),
        arg_slots: params + u16::from(kind != InvokeKind::Static),
        selector: 0,
        resolved: None,
        target: None,
        owner: None,
    }))
}

pub(crate) fn fref(class: &str, name: &str, desc: &str) -> Box<FieldRef> {
    Box::new(FieldRef {
        class: class.into(),
        name: name.into(),
        desc: desc.into(),
        slot: None,
        owner: None,
        declaring: None,
        volatile: false,
        is_final: false,
    })
}

fn ret_desc(desc: &str) -> &str {
    desc.rsplit_once(')').map_or("V", |(_, r)| r)
}

/// The kind of a value of descriptor `d` (None: void).
fn kind(d: &str) -> Option<Kind> {
    match d.as_bytes().first() {
        Some(b'V') | None => None,
        Some(b'J') => Some(Kind::L),
        Some(b'F') => Some(Kind::F),
        Some(b'D') => Some(Kind::D),
        Some(b'L' | b'[') => Some(Kind::A),
        _ => Some(Kind::I),
    }
}

/// The kind of a parameter (a malformed descriptor may say `V`).
fn pkind(d: &str) -> Result<Kind, String> {
    kind(d).ok_or_else(|| format!("a lambda with a parameter of type {d}"))
}

fn slots(d: &str) -> u16 {
    match kind(d) {
        Some(Kind::L | Kind::D) => 2,
        None => 0,
        _ => 1,
    }
}

fn is_ref(d: &str) -> bool {
    kind(d) == Some(Kind::A)
}

/// The wrapper class of a primitive descriptor, and its unboxing method.
fn wrapper(p: &str) -> Option<(&'static str, &'static str)> {
    Some(match p {
        "Z" => ("java/lang/Boolean", "booleanValue"),
        "B" => ("java/lang/Byte", "byteValue"),
        "C" => ("java/lang/Character", "charValue"),
        "S" => ("java/lang/Short", "shortValue"),
        "I" => ("java/lang/Integer", "intValue"),
        "J" => ("java/lang/Long", "longValue"),
        "F" => ("java/lang/Float", "floatValue"),
        "D" => ("java/lang/Double", "doubleValue"),
        _ => return None,
    })
}

/// The primitive a wrapper class descriptor boxes.
fn unwrapped(d: &str) -> Option<&'static str> {
    ["Z", "B", "C", "S", "I", "J", "F", "D"]
        .into_iter()
        .find(|p| wrapper(p).is_some_and(|(w, _)| d == format!("L{w};")))
}

/// A widening primitive conversion from `from` to `to` (JLS 5.1.2), as
/// the instructions it takes.
fn widen(from: &str, to: &str) -> Option<Vec<Insn>> {
    let k = |d: &str| kind(d);
    if from == to
        || (k(from) == Some(Kind::I) && k(to) == Some(Kind::I) && to != "Z" && from != "Z")
    {
        // byte, short, char to int are the same stack value.
        return (from == to || matches!((from, to), ("B" | "S", "I") | ("C", "I") | ("B", "S")))
            .then(Vec::new);
    }
    let c = match (k(from)?, k(to)?) {
        (Kind::I, Kind::L) => Conv::I2L,
        (Kind::I, Kind::F) => Conv::I2F,
        (Kind::I, Kind::D) => Conv::I2D,
        (Kind::L, Kind::F) => Conv::L2F,
        (Kind::L, Kind::D) => Conv::L2D,
        (Kind::F, Kind::D) => Conv::F2D,
        _ => return None,
    };
    (from != "Z").then(|| vec![Insn::Convert(c)])
}

/// The instructions turning a value of descriptor `from` on the stack into
/// one of descriptor `to` (the metafactory's adaptations).
fn adapt(from: &str, to: &str) -> Result<Vec<Insn>, String> {
    let cannot = || format!("a lambda adapting {from} to {to}");
    if from == to {
        return Ok(Vec::new());
    }
    Ok(match (is_ref(from), is_ref(to)) {
        (true, true) => {
            if to == "Ljava/lang/Object;" {
                Vec::new()
            } else {
                let name = to
                    .strip_prefix('L')
                    .and_then(|n| n.strip_suffix(';'))
                    .unwrap_or(to);
                vec![Insn::CheckCast(Box::new(TypeRef {
                    name: name.into(),
                    id: None,
                }))]
            }
        }
        (true, false) => {
            // Unbox: as the wrapper `from` names, then widened; from any
            // other reference, through the base of `to`'s wrapper (Number
            // for the numeric types: a Short gives an int).
            let mut out = Vec::new();
            match unwrapped(from) {
                Some(p) => {
                    let (w, unbox) = wrapper(p).ok_or_else(cannot)?;
                    out.push(Insn::Invoke(
                        InvokeKind::Virtual,
                        mref(InvokeKind::Virtual, w, unbox, &format!("(){p}"))?,
                    ));
                    out.extend(widen(p, to).ok_or_else(cannot)?);
                }
                None => {
                    let (w, unbox) = wrapper(to).ok_or_else(cannot)?;
                    let base = if matches!(to, "Z" | "C") {
                        w
                    } else {
                        "java/lang/Number"
                    };
                    out.push(Insn::CheckCast(Box::new(TypeRef {
                        name: base.into(),
                        id: None,
                    })));
                    out.push(Insn::Invoke(
                        InvokeKind::Virtual,
                        mref(InvokeKind::Virtual, base, unbox, &format!("(){to}"))?,
                    ));
                }
            }
            out
        }
        (false, true) => {
            let (w, _) = wrapper(from).ok_or_else(cannot)?;
            vec![Insn::Invoke(
                InvokeKind::Static,
                mref(InvokeKind::Static, w, "valueOf", &format!("({from})L{w};"))?,
            )]
        }
        (false, false) => widen(from, to).ok_or_else(cannot)?,
    })
}

/// A call site done by the public static method `name desc` (with
/// `locals` local slots and instructions `code`) of a synthetic class of
/// its own: the class is added to `lambdas`, the call returned.
pub(crate) fn static_site(
    lambdas: &mut Lambdas,
    name: &str,
    desc: &str,
    locals: u16,
    code: Vec<Insn>,
) -> Result<Insn, String> {
    let class = lambdas.fresh_name();
    lambdas.classes.push(RawClass {
        name: class.clone(),
        super_name: Some("java/lang/Object".into()),
        interfaces: Vec::new(),
        flags: ACC_FINAL | ACC_SYNTHETIC | ACC_SUPER,
        fields: Vec::new(),
        methods: vec![method(name, desc, ACC_PUBLIC | ACC_STATIC, locals, code)],
        source_file: None,
        synthetic: Vec::new(),
        lambda: true,
        reflection: Default::default(),
    });
    Ok(Insn::Invoke(
        InvokeKind::Static,
        mref(InvokeKind::Static, &class, name, desc)?,
    ))
}

/// A method of a synthetic class, from its instructions.
pub(crate) fn method(
    name: &str,
    desc: &str,
    flags: u16,
    locals: u16,
    code: Vec<Insn>,
) -> RawMethod {
    let n = code.len() as u32;
    RawMethod {
        name: name.into(),
        desc: desc.into(),
        flags,
        max_locals: locals,
        max_stack: 64,
        code,
        offsets: (0..n).collect(),
        code_len: n,
        handlers: Vec::new(),
        lines: Vec::new(),
        locals: Vec::new(),
        guarded_by: None,
        exceptions: Vec::new(),
    }
}

/// The synthetic class of one lambda call site: the interface method, the
/// constructor storing the captured values, and the factory.
fn synthesize(
    name: &Arc<str>,
    sam: &str,
    indy_desc: &str,
    erased: &str,
    h: &MethodHandle,
    instantiated: &str,
) -> Result<RawClass, String> {
    let iface = ret_desc(indy_desc);
    let iface = iface
        .strip_prefix('L')
        .and_then(|n| n.strip_suffix(';'))
        .ok_or_else(|| format!("a lambda of type {iface}"))?;
    let caps = param_descs(indy_desc);
    let sam_method = sam_method(name, sam, erased, h, instantiated, &caps)?;
    let (init, ctor_desc) = constructor(name, &caps)?;
    let mut fields: Vec<RawField> = caps
        .iter()
        .enumerate()
        .map(|(i, c)| RawField {
            name: format!("cap{i}").into(),
            desc: c.clone(),
            is_static: false,
            volatile: false,
            is_final: true,
            constant: None,
            guarded_by: None,
        })
        .collect();
    let mut methods = vec![sam_method, init];
    if caps.is_empty() {
        let this = format!("L{name};");
        // One instance, made when the class is initialized.
        fields.push(RawField {
            name: "INSTANCE".into(),
            desc: this.as_str().into(),
            is_static: true,
            volatile: false,
            is_final: true,
            constant: None,
            guarded_by: None,
        });
        methods.extend(singleton(name, indy_desc, &this)?);
    } else {
        methods.push(factory(name, indy_desc, &caps, &ctor_desc)?);
    }
    Ok(RawClass {
        name: name.clone(),
        super_name: Some("java/lang/Object".into()),
        interfaces: vec![iface.into()],
        flags: ACC_FINAL | ACC_SYNTHETIC | ACC_SUPER,
        fields,
        methods,
        source_file: None,
        synthetic: Vec::new(),
        lambda: true,
        reflection: Default::default(),
    })
}

/// How the implementation method is called, and whether its receiver is
/// among the values it takes (a constructor's is made, not passed).
fn impl_call(h: &MethodHandle) -> Result<(InvokeKind, bool), String> {
    Ok(match h.kind {
        ReferenceKind::InvokeStatic => (InvokeKind::Static, false),
        ReferenceKind::InvokeVirtual => (InvokeKind::Virtual, true),
        ReferenceKind::InvokeInterface => (InvokeKind::Interface, true),
        ReferenceKind::InvokeSpecial => (InvokeKind::Special, true),
        ReferenceKind::NewInvokeSpecial => (InvokeKind::Special, false),
        _ => {
            return Err(format!(
                "a lambda implemented by a field access ({})",
                h.member_ref.name
            ));
        }
    })
}

/// The interface method: loads the captured values and its arguments,
/// adapts each to the implementation's parameter, calls it and adapts the
/// result.
fn sam_method(
    name: &Arc<str>,
    sam: &str,
    erased: &str,
    h: &MethodHandle,
    instantiated: &str,
    caps: &[Arc<str>],
) -> Result<RawMethod, String> {
    let sam_params = param_descs(erased);
    let inst_params = param_descs(instantiated);
    let impl_desc: &str = h.member_ref.descriptor.as_ref();
    let impl_class: &str = h.class_name.as_ref();
    let impl_name: &str = h.member_ref.name.as_ref();
    let (call, receiver) = impl_call(h)?;
    let ctor = h.kind == ReferenceKind::NewInvokeSpecial;
    // What the implementation takes (its receiver first) and gives.
    let mut targets: Vec<Arc<str>> = Vec::new();
    if receiver {
        targets.push(format!("L{impl_class};").into());
    }
    targets.extend(param_descs(impl_desc));
    let impl_ret: Arc<str> = if ctor {
        format!("L{impl_class};").into()
    } else {
        ret_desc(impl_desc).into()
    };
    if targets.len() != caps.len() + sam_params.len() {
        return Err(format!(
            "a lambda whose implementation {impl_class}.{impl_name}{impl_desc} takes {} values, not {} captured and {} passed",
            targets.len(),
            caps.len(),
            sam_params.len()
        ));
    }
    let mut code = Vec::new();
    if ctor {
        code.push(Insn::New(Box::new(ClassRef {
            name: impl_class.into(),
            id: None,
        })));
        code.push(Insn::Dup);
    }
    let mut t = targets.iter();
    for (i, c) in caps.iter().enumerate() {
        code.push(Insn::Load(Kind::A, 0));
        code.push(Insn::GetField(fref(name, &format!("cap{i}"), c)));
        code.extend(adapt(c, t.next().expect("counted"))?);
    }
    let mut local = 1u16;
    for (k, s) in sam_params.iter().enumerate() {
        code.push(Insn::Load(pkind(s)?, local));
        local += slots(s);
        // Cast to the instantiated type first (what the metafactory checks),
        // then adapted to what the implementation takes.
        let inst = inst_params.get(k).unwrap_or(s);
        let target = t.next().expect("counted");
        let from = if is_ref(s) && is_ref(inst) && inst != s {
            code.extend(adapt(s, inst)?);
            inst
        } else {
            s
        };
        code.extend(adapt(from, target)?);
    }
    code.push(Insn::Invoke(
        call,
        mref(call, impl_class, impl_name, impl_desc)?,
    ));
    let sam_ret = ret_desc(erased);
    match (kind(&impl_ret), kind(sam_ret)) {
        (_, None) => match slots(&impl_ret) {
            0 => {}
            1 => code.push(Insn::Pop),
            _ => code.push(Insn::Pop2),
        },
        (None, Some(_)) => {
            return Err(format!(
                "a lambda returning {sam_ret} from the void method {impl_class}.{impl_name}"
            ));
        }
        // (A reference is cast to the interface method's return type: a
        // generic implementation may return anything.)
        (Some(_), Some(_)) => code.extend(adapt(&impl_ret, sam_ret)?),
    }
    code.push(Insn::Return(kind(sam_ret)));
    Ok(method(sam, erased, ACC_PUBLIC | ACC_FINAL, local, code))
}

/// The constructor, which stores the captured values, and its descriptor.
fn constructor(name: &Arc<str>, caps: &[Arc<str>]) -> Result<(RawMethod, String), String> {
    let ctor_desc = format!("({})V", caps.join(""));
    let mut init = vec![
        Insn::Load(Kind::A, 0),
        Insn::Invoke(
            InvokeKind::Special,
            mref(InvokeKind::Special, "java/lang/Object", "<init>", "()V")?,
        ),
    ];
    let mut local = 1u16;
    for (i, c) in caps.iter().enumerate() {
        init.push(Insn::Load(Kind::A, 0));
        init.push(Insn::Load(pkind(c)?, local));
        local += slots(c);
        init.push(Insn::PutField(fref(name, &format!("cap{i}"), c)));
    }
    init.push(Insn::Return(None));
    Ok((
        method("<init>", &ctor_desc, ACC_PRIVATE, local, init),
        ctor_desc,
    ))
}

/// `new name` then `dup`: an instance of the lambda class, twice on the stack.
fn new_this(name: &Arc<str>, out: &mut Vec<Insn>) {
    out.push(Insn::New(Box::new(ClassRef {
        name: name.clone(),
        id: None,
    })));
    out.push(Insn::Dup);
}

/// A lambda that captures nothing: the initializer making its one
/// instance (`this` is the class's descriptor) and the factory giving it.
fn singleton(name: &Arc<str>, indy_desc: &str, this: &str) -> Result<[RawMethod; 2], String> {
    let mut clinit = Vec::new();
    new_this(name, &mut clinit);
    clinit.push(Insn::Invoke(
        InvokeKind::Special,
        mref(InvokeKind::Special, name, "<init>", "()V")?,
    ));
    clinit.push(Insn::PutStatic(fref(name, "INSTANCE", this)));
    clinit.push(Insn::Return(None));
    Ok([
        method("<clinit>", "()V", ACC_STATIC, 0, clinit),
        method(
            FACTORY,
            indy_desc,
            ACC_PUBLIC | ACC_STATIC,
            0,
            vec![
                Insn::GetStatic(fref(name, "INSTANCE", this)),
                Insn::Return(Some(Kind::A)),
            ],
        ),
    ])
}

/// A lambda that captures: the factory making a new instance of the
/// captured values per evaluation.
fn factory(
    name: &Arc<str>,
    indy_desc: &str,
    caps: &[Arc<str>],
    ctor_desc: &str,
) -> Result<RawMethod, String> {
    let mut make = Vec::new();
    new_this(name, &mut make);
    let mut local = 0u16;
    for c in caps {
        make.push(Insn::Load(pkind(c)?, local));
        local += slots(c);
    }
    make.push(Insn::Invoke(
        InvokeKind::Special,
        mref(InvokeKind::Special, name, "<init>", ctor_desc)?,
    ));
    make.push(Insn::Return(Some(Kind::A)));
    Ok(method(
        FACTORY,
        indy_desc,
        ACC_PUBLIC | ACC_STATIC,
        local,
        make,
    ))
}
