//! Decoded instructions, M5 style: an opcode with symbolic operands
//! (`(GETFIELD "Point" "x")`), plus the indices linking fills in so that
//! execution never looks anything up by name.

use std::fmt;
use std::sync::Arc;

/// Computational kind of a load/store/return/arithmetic instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    I,
    L,
    F,
    D,
    A,
}

impl Kind {
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::I => "I",
            Kind::L => "L",
            Kind::F => "F",
            Kind::D => "D",
            Kind::A => "A",
        }
    }
}

/// Element kind of an array access (`BALOAD` serves byte and boolean arrays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrKind {
    I,
    L,
    F,
    D,
    A,
    B,
    C,
    S,
}

impl ArrKind {
    pub fn prefix(self) -> &'static str {
        match self {
            ArrKind::I => "I",
            ArrKind::L => "L",
            ArrKind::F => "F",
            ArrKind::D => "D",
            ArrKind::A => "A",
            ArrKind::B => "B",
            ArrKind::C => "C",
            ArrKind::S => "S",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Neg,
    Shl,
    Shr,
    Ushr,
    And,
    Or,
    Xor,
}

impl ArithOp {
    pub fn name(self) -> &'static str {
        match self {
            ArithOp::Add => "ADD",
            ArithOp::Sub => "SUB",
            ArithOp::Mul => "MUL",
            ArithOp::Div => "DIV",
            ArithOp::Rem => "REM",
            ArithOp::Neg => "NEG",
            ArithOp::Shl => "SHL",
            ArithOp::Shr => "SHR",
            ArithOp::Ushr => "USHR",
            ArithOp::And => "AND",
            ArithOp::Or => "OR",
            ArithOp::Xor => "XOR",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conv {
    I2L,
    I2F,
    I2D,
    L2I,
    L2F,
    L2D,
    F2I,
    F2L,
    F2D,
    D2I,
    D2L,
    D2F,
    I2B,
    I2C,
    I2S,
}

/// Comparison against zero / between two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    Eq,
    Ne,
    Lt,
    Ge,
    Gt,
    Le,
}

impl Cond {
    pub fn name(self) -> &'static str {
        match self {
            Cond::Eq => "EQ",
            Cond::Ne => "NE",
            Cond::Lt => "LT",
            Cond::Ge => "GE",
            Cond::Gt => "GT",
            Cond::Le => "LE",
        }
    }
    #[inline]
    pub fn test(self, ord: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cond::Eq => ord == Equal,
            Cond::Ne => ord != Equal,
            Cond::Lt => ord == Less,
            Cond::Ge => ord != Less,
            Cond::Gt => ord == Greater,
            Cond::Le => ord != Greater,
        }
    }
}

/// A class reference, resolved at link time (`None`: not on the class path,
/// an error only if the instruction executes).
#[derive(Clone, Debug)]
pub struct ClassRef {
    pub name: Arc<str>,
    pub id: Option<u32>,
}

/// A type operand of `checkcast`, `instanceof`, `anewarray`: a class or an
/// array descriptor such as `[I` or `[Ljava/lang/String;`.
#[derive(Clone, Debug)]
pub struct TypeRef {
    /// Internal class name, or an array descriptor starting with `[`.
    pub name: Arc<str>,
    pub id: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct FieldRef {
    pub class: Arc<str>,
    pub name: Arc<str>,
    pub desc: Arc<str>,
    /// Instance fields: slot in the object's field vector. Statics: global static slot.
    pub slot: Option<u32>,
    /// Statics: the class whose initialization the access triggers.
    /// Instance fields: the class the instruction names.
    pub owner: Option<u32>,
    /// Instance fields: the class that declares the field (an object's
    /// slot holds this field only if its class's layout says so).
    pub declaring: Option<u32>,
    /// The resolved field is `volatile` (its accesses synchronize: JLS 17.4.4).
    pub volatile: bool,
    /// The resolved field is `final`.
    pub is_final: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InvokeKind {
    Virtual,
    Special,
    Static,
    Interface,
}

impl InvokeKind {
    pub fn name(self) -> &'static str {
        match self {
            InvokeKind::Virtual => "INVOKEVIRTUAL",
            InvokeKind::Special => "INVOKESPECIAL",
            InvokeKind::Static => "INVOKESTATIC",
            InvokeKind::Interface => "INVOKEINTERFACE",
        }
    }
}

#[derive(Clone, Debug)]
pub struct MethodRef {
    pub class: Arc<str>,
    pub name: Arc<str>,
    pub desc: Arc<str>,
    /// Operand-stack slots taken by the arguments, including the receiver.
    pub arg_slots: u16,
    /// Interned name+descriptor, the key of virtual dispatch.
    pub selector: u32,
    /// Method resolution's result (JVMS 5.4.3.3/4): the key of virtual dispatch.
    pub resolved: Option<u32>,
    /// The method the call runs when known at link time: static calls,
    /// `invokespecial`, and private or final methods.
    pub target: Option<u32>,
    /// The class whose initialization an `invokestatic` triggers.
    pub owner: Option<u32>,
}

/// javac's `invokedynamic` string concatenation, decoded from its bootstrap
/// method: the recipe's literal pieces and argument holes in order.
#[derive(Clone, Debug)]
pub struct Concat {
    pub pieces: Vec<ConcatPiece>,
    /// Argument descriptors, in order.
    pub args: Vec<Arc<str>>,
    pub arg_slots: u16,
}

#[derive(Clone, Debug)]
pub enum ConcatPiece {
    /// UTF-16 units: a literal may hold an unpaired surrogate.
    Lit(Arc<[u16]>),
    Arg(usize),
}

#[derive(Clone, Debug)]
pub enum Const {
    Int(i32),
    Float(f32),
    Long(i64),
    Double(f64),
    String(Arc<str>),
    /// A string literal with an unpaired surrogate (no Rust `str` holds
    /// one): its UTF-16 units.
    Utf16(Arc<[u16]>),
    Class(TypeRef),
}

#[derive(Clone, Debug)]
pub struct Switch {
    /// (key, target instruction index), sorted by key.
    pub cases: Vec<(i32, u32)>,
    pub default: u32,
    /// `tableswitch` (dense) rather than `lookupswitch`: only for printing.
    pub table: bool,
}

/// One instruction. Branch targets are instruction indices into the method's
/// code; the byte offsets live in `Method::offsets`.
#[derive(Clone, Debug)]
pub enum Insn {
    Nop,
    AconstNull,
    Iconst(i32),
    Lconst(i64),
    Fconst(f32),
    Dconst(f64),
    Ldc(Const),
    Load(Kind, u16),
    Store(Kind, u16),
    ArrayLoad(ArrKind),
    ArrayStore(ArrKind),
    Pop,
    Pop2,
    Dup,
    DupX1,
    DupX2,
    Dup2,
    Dup2X1,
    Dup2X2,
    Swap,
    Arith(Kind, ArithOp),
    Iinc(u16, i32),
    Convert(Conv),
    Lcmp,
    /// `fcmpl`/`fcmpg`: the value pushed when either operand is NaN.
    Fcmp(i32),
    Dcmp(i32),
    If(Cond, u32),
    IfIcmp(Cond, u32),
    IfAcmp(bool, u32),
    IfNull(bool, u32),
    Goto(u32),
    Switch(Box<Switch>),
    Return(Option<Kind>),
    GetStatic(Box<FieldRef>),
    PutStatic(Box<FieldRef>),
    GetField(Box<FieldRef>),
    PutField(Box<FieldRef>),
    Invoke(InvokeKind, Box<MethodRef>),
    Concat(Box<Concat>),
    New(Box<ClassRef>),
    NewArray(Arc<str>),
    ANewArray(Box<TypeRef>),
    MultiANewArray(Box<TypeRef>, u8),
    ArrayLength,
    Athrow,
    CheckCast(Box<TypeRef>),
    InstanceOf(Box<TypeRef>),
    MonitorEnter,
    MonitorExit,
    /// An instruction m5 does not model (`jsr`, `ret`, `invokedynamic` other
    /// than string concatenation, ...): an error if executed, never a guess.
    Unsupported(Arc<str>),
}

/// What an instruction does beyond its own frame, with the operands an
/// analysis needs: the one classification that the race checks, the
/// writers and lock-event analyses, the scheduling points, the NPE messages
/// and the prover's checks match on (exhaustively), so that a new
/// instruction needs a decision here and nowhere else it has no new effect.
#[derive(Clone, Copy, Debug)]
pub enum Effect<'a> {
    /// Touches only its own frame (locals, operand stack, pc); integer
    /// division by zero throws, which allocates (the caller checks).
    Frame,
    /// `ldc` of a string or a class: the constant's object on the heap.
    Constant(&'a Const),
    ReadField(&'a FieldRef),
    WriteField(&'a FieldRef),
    /// Static accesses initialize the field's class first.
    ReadStatic(&'a FieldRef),
    WriteStatic(&'a FieldRef),
    ReadElement(ArrKind),
    WriteElement(ArrKind),
    /// An array's length (it never changes).
    ArrayLength,
    Invoke(InvokeKind, &'a MethodRef),
    /// String concatenation: allocates the result and may call `toString`.
    Concat(&'a Concat),
    /// `new`: initializes the class, allocates.
    New(&'a ClassRef),
    /// `newarray`, `anewarray`, `multianewarray`.
    NewArray(ArrayAlloc<'a>),
    /// `checkcast` (throws if the operand is not an instance): reads the
    /// operand's class, which never changes.
    Cast(&'a TypeRef),
    /// `instanceof`: reads the operand's class.
    InstanceOf(&'a TypeRef),
    Throw,
    MonitorEnter,
    MonitorExit,
    /// Pops the frame (and releases a synchronized method's monitor).
    Return(Option<Kind>),
    /// Not modeled: an error if executed.
    Unsupported(&'a str),
}

/// What an array allocation makes.
#[derive(Clone, Copy, Debug)]
pub enum ArrayAlloc<'a> {
    /// `newarray`: one dimension of primitive elements (their descriptor).
    Primitive(&'a Arc<str>),
    /// `anewarray`: one dimension of a class, interface or array type.
    Of(&'a TypeRef),
    /// `multianewarray`: the array type and how many dimensions are given.
    Multi(&'a TypeRef, u8),
}

impl Effect<'_> {
    /// The class whose initialization the instruction triggers, when
    /// resolved (JVMS 5.5: `getstatic`, `putstatic`, `invokestatic`, `new`).
    pub fn initializes(&self) -> Option<u32> {
        match self {
            Effect::ReadStatic(f) | Effect::WriteStatic(f) => f.owner,
            Effect::Invoke(InvokeKind::Static, m) => m.owner,
            Effect::New(c) => c.id,
            Effect::Invoke(
                InvokeKind::Virtual | InvokeKind::Special | InvokeKind::Interface,
                _,
            )
            | Effect::Frame
            | Effect::Constant(_)
            | Effect::ReadField(_)
            | Effect::WriteField(_)
            | Effect::ReadElement(_)
            | Effect::WriteElement(_)
            | Effect::ArrayLength
            | Effect::Concat(_)
            | Effect::NewArray(_)
            | Effect::Cast(_)
            | Effect::InstanceOf(_)
            | Effect::Throw
            | Effect::MonitorEnter
            | Effect::MonitorExit
            | Effect::Return(_)
            | Effect::Unsupported(_) => None,
        }
    }

    /// The field a `getfield`, `putfield`, `getstatic` or `putstatic` accesses.
    pub fn field(&self) -> Option<&FieldRef> {
        match self {
            Effect::ReadField(f)
            | Effect::WriteField(f)
            | Effect::ReadStatic(f)
            | Effect::WriteStatic(f) => Some(f),
            Effect::Frame
            | Effect::Constant(_)
            | Effect::ReadElement(_)
            | Effect::WriteElement(_)
            | Effect::ArrayLength
            | Effect::Invoke(..)
            | Effect::Concat(_)
            | Effect::New(_)
            | Effect::NewArray(_)
            | Effect::Cast(_)
            | Effect::InstanceOf(_)
            | Effect::Throw
            | Effect::MonitorEnter
            | Effect::MonitorExit
            | Effect::Return(_)
            | Effect::Unsupported(_) => None,
        }
    }
}

impl Insn {
    /// This instruction's effect beyond its frame.
    #[inline]
    pub fn effect(&self) -> Effect<'_> {
        use Insn::*;
        match self {
            Nop | AconstNull | Iconst(_) | Lconst(_) | Fconst(_) | Dconst(_) | Load(..)
            | Store(..) | Pop | Pop2 | Dup | DupX1 | DupX2 | Dup2 | Dup2X1 | Dup2X2 | Swap
            | Arith(..) | Iinc(..) | Convert(_) | Lcmp | Fcmp(_) | Dcmp(_) | If(..)
            | IfIcmp(..) | IfAcmp(..) | IfNull(..) | Goto(_) | Switch(_) => Effect::Frame,
            Ldc(c @ (Const::String(_) | Const::Utf16(_) | Const::Class(_))) => Effect::Constant(c),
            Ldc(Const::Int(_) | Const::Float(_) | Const::Long(_) | Const::Double(_)) => {
                Effect::Frame
            }
            ArrayLoad(k) => Effect::ReadElement(*k),
            ArrayStore(k) => Effect::WriteElement(*k),
            ArrayLength => Effect::ArrayLength,
            GetStatic(f) => Effect::ReadStatic(f),
            PutStatic(f) => Effect::WriteStatic(f),
            GetField(f) => Effect::ReadField(f),
            PutField(f) => Effect::WriteField(f),
            Invoke(k, m) => Effect::Invoke(*k, m),
            Concat(c) => Effect::Concat(c),
            New(c) => Effect::New(c),
            NewArray(d) => Effect::NewArray(ArrayAlloc::Primitive(d)),
            ANewArray(t) => Effect::NewArray(ArrayAlloc::Of(t)),
            MultiANewArray(t, d) => Effect::NewArray(ArrayAlloc::Multi(t, *d)),
            CheckCast(t) => Effect::Cast(t),
            InstanceOf(t) => Effect::InstanceOf(t),
            Athrow => Effect::Throw,
            MonitorEnter => Effect::MonitorEnter,
            MonitorExit => Effect::MonitorExit,
            Return(k) => Effect::Return(*k),
            Unsupported(what) => Effect::Unsupported(what),
        }
    }

    /// The local variables the instruction reads or writes: the first
    /// slot, the slots taken (a long or double takes two), and whether it
    /// writes them.
    pub fn local_slots(&self) -> Option<(u16, u32, bool)> {
        use Insn::*;
        match self {
            Load(k, n) => Some((*n, kind_slots(*k), false)),
            Store(k, n) => Some((*n, kind_slots(*k), true)),
            Iinc(n, _) => Some((*n, 1, true)),
            Nop | AconstNull | Iconst(_) | Lconst(_) | Fconst(_) | Dconst(_) | Ldc(_)
            | ArrayLoad(_) | ArrayStore(_) | Pop | Pop2 | Dup | DupX1 | DupX2 | Dup2 | Dup2X1
            | Dup2X2 | Swap | Arith(..) | Convert(_) | Lcmp | Fcmp(_) | Dcmp(_) | If(..)
            | IfIcmp(..) | IfAcmp(..) | IfNull(..) | Goto(_) | Switch(_) | Return(_)
            | GetStatic(_) | PutStatic(_) | GetField(_) | PutField(_) | Invoke(..) | Concat(_)
            | New(_) | NewArray(_) | ANewArray(_) | MultiANewArray(..) | ArrayLength | Athrow
            | CheckCast(_) | InstanceOf(_) | MonitorEnter | MonitorExit | Unsupported(_) => None,
        }
    }

    /// Does this instruction touch only its own frame (locals, operand
    /// stack, pc)? Such instructions cannot affect other threads, so a run
    /// may execute a stretch of them without consulting the schedule in
    /// between. (Division may throw, which allocates: the full step
    /// handles that.)
    #[inline]
    pub fn is_frame_local(&self) -> bool {
        matches!(self.effect(), Effect::Frame)
    }
}

/// Renders an instruction in the paper's list style, e.g. `(GETFIELD "Point" "x")`.
/// `offsets` maps instruction indices to byte offsets (branch targets print
/// as relative byte offsets, as M5 does).
pub struct M5Insn<'a> {
    pub insn: &'a Insn,
    pub index: usize,
    pub offsets: &'a [u32],
}

fn java_name(s: &str) -> String {
    s.replace('/', ".")
}

impl fmt::Display for M5Insn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Insn::*;
        let here = self.offsets[self.index] as i64;
        let rel = |t: &u32| self.offsets[*t as usize] as i64 - here;
        match self.insn {
            Nop => write!(f, "(NOP)"),
            AconstNull => write!(f, "(ACONST_NULL)"),
            Iconst(v) if (-1..=5).contains(v) => {
                if *v == -1 {
                    write!(f, "(ICONST_M1)")
                } else {
                    write!(f, "(ICONST_{v})")
                }
            }
            Iconst(v) if (-128..=127).contains(v) => write!(f, "(BIPUSH {v})"),
            Iconst(v) => write!(f, "(SIPUSH {v})"),
            Lconst(v) => write!(f, "(LCONST_{v})"),
            Fconst(v) => write!(f, "(FCONST_{})", *v as i32),
            Dconst(v) => write!(f, "(DCONST_{})", *v as i32),
            Ldc(c) => match c {
                Const::Int(v) => write!(f, "(LDC {v})"),
                Const::Float(v) => write!(f, "(LDC {v:?}F)"),
                Const::Long(v) => write!(f, "(LDC2_W {v}L)"),
                Const::Double(v) => write!(f, "(LDC2_W {v:?})"),
                Const::String(s) => write!(f, "(LDC {s:?})"),
                Const::Utf16(u) => write!(f, "(LDC {:?})", String::from_utf16_lossy(u)),
                Const::Class(t) => write!(f, "(LDC (CLASS {:?}))", java_name(&t.name)),
            },
            Load(k, n) if *n <= 3 => write!(f, "({}LOAD_{n})", k.prefix()),
            Load(k, n) => write!(f, "({}LOAD {n})", k.prefix()),
            Store(k, n) if *n <= 3 => write!(f, "({}STORE_{n})", k.prefix()),
            Store(k, n) => write!(f, "({}STORE {n})", k.prefix()),
            ArrayLoad(k) => write!(f, "({}ALOAD)", k.prefix()),
            ArrayStore(k) => write!(f, "({}ASTORE)", k.prefix()),
            Pop => write!(f, "(POP)"),
            Pop2 => write!(f, "(POP2)"),
            Dup => write!(f, "(DUP)"),
            DupX1 => write!(f, "(DUP_X1)"),
            DupX2 => write!(f, "(DUP_X2)"),
            Dup2 => write!(f, "(DUP2)"),
            Dup2X1 => write!(f, "(DUP2_X1)"),
            Dup2X2 => write!(f, "(DUP2_X2)"),
            Swap => write!(f, "(SWAP)"),
            Arith(k, op) => write!(f, "({}{})", k.prefix(), op.name()),
            Iinc(n, d) => write!(f, "(IINC {n} {d})"),
            Convert(c) => write!(f, "({c:?})"),
            Lcmp => write!(f, "(LCMP)"),
            Fcmp(v) => write!(f, "(FCMP{})", if *v > 0 { "G" } else { "L" }),
            Dcmp(v) => write!(f, "(DCMP{})", if *v > 0 { "G" } else { "L" }),
            If(c, t) => write!(f, "(IF{} {})", c.name(), rel(t)),
            IfIcmp(c, t) => write!(f, "(IF_ICMP{} {})", c.name(), rel(t)),
            IfAcmp(eq, t) => write!(f, "(IF_ACMP{} {})", if *eq { "EQ" } else { "NE" }, rel(t)),
            IfNull(null, t) => write!(f, "(IF{}NULL {})", if *null { "" } else { "NON" }, rel(t)),
            Goto(t) => write!(f, "(GOTO {})", rel(t)),
            Switch(s) => {
                write!(
                    f,
                    "({}",
                    if s.table {
                        "TABLESWITCH"
                    } else {
                        "LOOKUPSWITCH"
                    }
                )?;
                for (k, t) in &s.cases {
                    write!(f, " ({k} {})", rel(t))?;
                }
                write!(f, " (DEFAULT {}))", rel(&s.default))
            }
            Return(None) => write!(f, "(RETURN)"),
            Return(Some(k)) => write!(f, "({}RETURN)", k.prefix()),
            GetStatic(r) => write!(f, "(GETSTATIC {:?} {:?})", java_name(&r.class), r.name),
            PutStatic(r) => write!(f, "(PUTSTATIC {:?} {:?})", java_name(&r.class), r.name),
            GetField(r) => write!(f, "(GETFIELD {:?} {:?})", java_name(&r.class), r.name),
            PutField(r) => write!(f, "(PUTFIELD {:?} {:?})", java_name(&r.class), r.name),
            Invoke(k, m) => {
                let args = m.arg_slots - u16::from(*k != InvokeKind::Static);
                write!(
                    f,
                    "({} {:?} {:?} {args})",
                    k.name(),
                    java_name(&m.class),
                    m.name
                )
            }
            Concat(c) => write!(
                f,
                "(INVOKEDYNAMIC \"makeConcatWithConstants\" {})",
                c.args.len()
            ),
            New(c) => write!(f, "(NEW {:?})", java_name(&c.name)),
            NewArray(t) => write!(f, "(NEWARRAY {t:?})"),
            ANewArray(t) => write!(f, "(ANEWARRAY {:?})", java_name(&t.name)),
            MultiANewArray(t, d) => write!(f, "(MULTIANEWARRAY {:?} {d})", t.name),
            ArrayLength => write!(f, "(ARRAYLENGTH)"),
            Athrow => write!(f, "(ATHROW)"),
            CheckCast(t) => write!(f, "(CHECKCAST {:?})", java_name(&t.name)),
            InstanceOf(t) => write!(f, "(INSTANCEOF {:?})", java_name(&t.name)),
            MonitorEnter => write!(f, "(MONITORENTER)"),
            MonitorExit => write!(f, "(MONITOREXIT)"),
            Unsupported(what) => write!(f, "(UNSUPPORTED {what:?})"),
        }
    }
}

/// Operand-stack slots a field or return descriptor takes (`V`: none).
pub fn desc_slots(desc: &str) -> u32 {
    match desc.as_bytes().first() {
        Some(b'J' | b'D') => 2,
        Some(b'V') => 0,
        _ => 1,
    }
}

/// Slots of a value of computational kind `k`.
pub fn kind_slots(k: Kind) -> u32 {
    if matches!(k, Kind::L | Kind::D) { 2 } else { 1 }
}

/// The `dup` family on a stack of per-slot facts (an analysis's operand
/// stack): copies the top `take` slots below the `under` slots beneath
/// them (`dup` is (1, 0), `dup_x1` (1, 1), ... `dup2_x2` (2, 2)), and
/// `swap`. Returns false, changing nothing, if the stack is too short.
pub fn dup_slots<T: Clone>(stack: &mut Vec<T>, insn: &Insn) -> bool {
    use Insn::*;
    let (take, under) = match insn {
        Dup => (1, 0),
        DupX1 => (1, 1),
        DupX2 => (1, 2),
        Dup2 => (2, 0),
        Dup2X1 => (2, 1),
        Dup2X2 => (2, 2),
        Swap => {
            let len = stack.len();
            if len < 2 {
                return false;
            }
            stack.swap(len - 1, len - 2);
            return true;
        }
        Nop | AconstNull | Iconst(_) | Lconst(_) | Fconst(_) | Dconst(_) | Ldc(_) | Load(..)
        | Store(..) | ArrayLoad(_) | ArrayStore(_) | Pop | Pop2 | Arith(..) | Iinc(..)
        | Convert(_) | Lcmp | Fcmp(_) | Dcmp(_) | If(..) | IfIcmp(..) | IfAcmp(..) | IfNull(..)
        | Goto(_) | Switch(_) | Return(_) | GetStatic(_) | PutStatic(_) | GetField(_)
        | PutField(_) | Invoke(..) | Concat(_) | New(_) | NewArray(_) | ANewArray(_)
        | MultiANewArray(..) | ArrayLength | Athrow | CheckCast(_) | InstanceOf(_)
        | MonitorEnter | MonitorExit | Unsupported(_) => return false,
    };
    let len = stack.len();
    if len < take + under {
        return false;
    }
    let top: Vec<T> = stack[len - take..].to_vec();
    let at = len - take - under;
    for (k, v) in top.into_iter().enumerate() {
        stack.insert(at + k, v);
    }
    true
}

/// How an instruction moves values between its frame's slots, for the
/// analyses that follow a value to where it came from (the helpful
/// NullPointerException text, the lock checker's abstract frames).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// A local's value onto the stack.
    Load(Kind, u16),
    /// The top of the stack into a local.
    Store(Kind, u16),
    /// Rearranges the top slots (`dup*`, `swap`: `dup_slots`).
    Shuffle,
    /// Leaves the stack's values where they are (a cast passes its operand
    /// through).
    Keep,
    /// Pops its operands and pushes values it made (`stack_effect`).
    Fresh,
    /// Not modeled.
    Unsupported,
}

impl Insn {
    /// The instruction's `Flow`.
    pub fn flow(&self) -> Flow {
        use Insn::*;
        match self {
            Load(k, n) => Flow::Load(*k, *n),
            Store(k, n) => Flow::Store(*k, *n),
            Dup | DupX1 | DupX2 | Dup2 | Dup2X1 | Dup2X2 | Swap => Flow::Shuffle,
            Nop | Iinc(..) | CheckCast(_) | Goto(_) => Flow::Keep,
            Unsupported(_) => Flow::Unsupported,
            AconstNull | Iconst(_) | Lconst(_) | Fconst(_) | Dconst(_) | Ldc(_) | ArrayLoad(_)
            | ArrayStore(_) | Pop | Pop2 | Arith(..) | Convert(_) | Lcmp | Fcmp(_) | Dcmp(_)
            | If(..) | IfIcmp(..) | IfAcmp(..) | IfNull(..) | Switch(_) | Return(_)
            | GetStatic(_) | PutStatic(_) | GetField(_) | PutField(_) | Invoke(..) | Concat(_)
            | New(_) | NewArray(_) | ANewArray(_) | MultiANewArray(..) | ArrayLength | Athrow
            | InstanceOf(_) | MonitorEnter | MonitorExit => Flow::Fresh,
        }
    }
}

/// Where control may go after instruction `i` (not to exception handlers).
pub fn successors(insn: &Insn, i: u32) -> Vec<u32> {
    use Insn::*;
    match insn {
        If(_, t) | IfIcmp(_, t) | IfAcmp(_, t) | IfNull(_, t) => vec![i + 1, *t],
        Goto(t) => vec![*t],
        Switch(s) => std::iter::once(s.default)
            .chain(s.cases.iter().map(|c| c.1))
            .collect(),
        Return(_) | Athrow | Unsupported(_) => Vec::new(),
        Nop | AconstNull | Iconst(_) | Lconst(_) | Fconst(_) | Dconst(_) | Ldc(_) | Load(..)
        | Store(..) | ArrayLoad(_) | ArrayStore(_) | Pop | Pop2 | Dup | DupX1 | DupX2 | Dup2
        | Dup2X1 | Dup2X2 | Swap | Arith(..) | Iinc(..) | Convert(_) | Lcmp | Fcmp(_) | Dcmp(_)
        | GetStatic(_) | PutStatic(_) | GetField(_) | PutField(_) | Invoke(..) | Concat(_)
        | New(_) | NewArray(_) | ANewArray(_) | MultiANewArray(..) | ArrayLength | CheckCast(_)
        | InstanceOf(_) | MonitorEnter | MonitorExit => vec![i + 1],
    }
}

/// (slots popped, slots pushed) by one instruction, long and double taking
/// two slots, as `check_code` assumes.
pub fn stack_effect(insn: &Insn) -> (u32, u32) {
    use Insn::*;
    match insn {
        Nop | Goto(_) | Iinc(..) | Unsupported(_) => (0, 0),
        AconstNull | Iconst(_) | Fconst(_) | New(_) => (0, 1),
        Lconst(_) | Dconst(_) => (0, 2),
        Ldc(Const::Long(_) | Const::Double(_)) => (0, 2),
        Ldc(_) => (0, 1),
        Load(k, _) => (0, kind_slots(*k)),
        Store(k, _) => (kind_slots(*k), 0),
        ArrayLoad(ArrKind::L | ArrKind::D) => (2, 2),
        ArrayLoad(_) => (2, 1),
        ArrayStore(ArrKind::L | ArrKind::D) => (4, 0),
        ArrayStore(_) => (3, 0),
        Pop => (1, 0),
        Pop2 => (2, 0),
        Dup => (1, 2),
        DupX1 => (2, 3),
        DupX2 => (3, 4),
        Dup2 => (2, 4),
        Dup2X1 => (3, 5),
        Dup2X2 => (4, 6),
        Swap => (2, 2),
        Arith(k, ArithOp::Neg) => (kind_slots(*k), kind_slots(*k)),
        Arith(Kind::L, ArithOp::Shl | ArithOp::Shr | ArithOp::Ushr) => (3, 2),
        Arith(k, _) => (2 * kind_slots(*k), kind_slots(*k)),
        Convert(c) => {
            use Conv::*;
            let from = if matches!(c, L2I | L2F | L2D | D2I | D2L | D2F) {
                2
            } else {
                1
            };
            let to = if matches!(c, I2L | I2D | L2D | F2L | F2D | D2L) {
                2
            } else {
                1
            };
            (from, to)
        }
        Lcmp | Dcmp(_) => (4, 1),
        Fcmp(_) => (2, 1),
        If(..) | IfNull(..) | Switch(_) | MonitorEnter | MonitorExit => (1, 0),
        IfIcmp(..) | IfAcmp(..) => (2, 0),
        Return(k) => (k.map_or(0, kind_slots), 0),
        GetStatic(f) => (0, desc_slots(&f.desc)),
        PutStatic(f) => (desc_slots(&f.desc), 0),
        GetField(f) => (1, desc_slots(&f.desc)),
        PutField(f) => (1 + desc_slots(&f.desc), 0),
        Invoke(_, m) => {
            let ret = m.desc.rsplit(')').next().unwrap_or("V");
            (u32::from(m.arg_slots), desc_slots(ret))
        }
        Concat(c) => (u32::from(c.arg_slots), 1),
        NewArray(_) | ANewArray(_) | ArrayLength | CheckCast(_) | InstanceOf(_) => (1, 1),
        MultiANewArray(_, d) => (u32::from(*d), 1),
        Athrow => (1, 0),
    }
}
