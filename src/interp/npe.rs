//! Helpful NullPointerException messages (JEP 358), as HotSpot 17 words
//! them: `Cannot invoke "String.length()" because "<local1>" is null`.
//!
//! The message is a function of the method and the failing instruction
//! only: an action from the instruction, and a description of where the
//! null operand came from, found by simulating the operand stack of the
//! method from its start (which instruction pushed each entry) with
//! HotSpot's rules — its pass order, its early stop at the failing
//! instruction, merges that forget an origin two paths disagree on,
//! exception handlers that start afresh, and a depth budget of 5.
//! Written from the behaviour of HotSpot's `ExceptionMessageBuilder`
//! (checked case by case against `java` in `tests/java/npe_*`).
//!
//! Like HotSpot, m5 computes it lazily: the VM records the throw site in
//! the `NullPointerException` it throws, and the model's `getMessage`
//! asks the native `getExtendedNPEMessage` once.

use crate::classfile::parse::param_descs;
use crate::classfile::{
    ArrKind, Effect, Flow, Insn, InvokeKind, Kind, Method, desc_slots, dup_slots, kind_slots,
    stack_effect, successors,
};

/// HotSpot's limit on the entries the simulation may create.
const MAX_ENTRIES: usize = 1_000_000;

/// The depth of the description of the null value.
const BUDGET: i32 = 5;

/// The simulated operand stack before an instruction: for each slot (a
/// long or double takes two), the instruction that pushed it, if the paths
/// reaching here agree; and which locals (below 64) have been stored to.
#[derive(Clone)]
struct Stack {
    origins: Vec<Option<u32>>,
    written: u64,
}

impl Stack {
    fn pop(&mut self, n: usize) {
        let keep = self.origins.len().saturating_sub(n);
        self.origins.truncate(keep);
    }
    fn push(&mut self, n: usize, origin: u32) {
        self.origins.extend(std::iter::repeat_n(Some(origin), n));
    }
    /// Entry `depth` from the top (0 is the top).
    fn get(&self, depth: usize) -> Option<u32> {
        let i = self.origins.len().checked_sub(depth + 1)?;
        self.origins[i]
    }
    fn is_parameter(&self, slot: u16) -> bool {
        slot < 64 && self.written & (1u64 << slot) == 0
    }
}

/// Slots a value of descriptor `desc` takes: 0 for void, 2 for long/double.
fn width(desc: &str) -> usize {
    desc_slots(desc) as usize
}

fn array_width(k: ArrKind) -> usize {
    if matches!(k, ArrKind::L | ArrKind::D) {
        2
    } else {
        1
    }
}

/// The message for a NullPointerException the VM throws at instruction
/// `at` of `m`, if HotSpot gives one there.
pub fn message(m: &Method, at: u32) -> Option<String> {
    let (action, slot) = action(m.code.get(at as usize)?)?;
    let stacks = simulate(m, at);
    let Some(cause) = cause(m, &stacks, at, slot) else {
        return Some(action);
    };
    Some(format!("{action}{cause}"))
}

/// What the failing instruction could not do, and the depth of its null
/// operand on the stack.
fn action(insn: &Insn) -> Option<(String, usize)> {
    let array = |k: ArrKind| match k {
        ArrKind::I => "int",
        ArrKind::L => "long",
        ArrKind::F => "float",
        ArrKind::D => "double",
        ArrKind::A => "object",
        ArrKind::B => "byte/boolean",
        ArrKind::C => "char",
        ArrKind::S => "short",
    };
    Some(match insn.effect() {
        Effect::ReadElement(k) => (format!("Cannot load from {} array", array(k)), 1),
        Effect::WriteElement(k) => (
            format!("Cannot store to {} array", array(k)),
            1 + array_width(k),
        ),
        Effect::ArrayLength => ("Cannot read the array length".into(), 0),
        Effect::Throw => ("Cannot throw exception".into(), 0),
        Effect::MonitorEnter => ("Cannot enter synchronized block".into(), 0),
        Effect::MonitorExit => ("Cannot exit synchronized block".into(), 0),
        Effect::ReadField(f) => (format!("Cannot read field \"{}\"", f.name), 0),
        Effect::WriteField(f) => (
            format!("Cannot assign field \"{}\"", f.name),
            width(&f.desc),
        ),
        Effect::Invoke(InvokeKind::Virtual | InvokeKind::Special | InvokeKind::Interface, r)
            if &*r.name != "<init>" =>
        {
            (
                format!(
                    "Cannot invoke \"{}\"",
                    method_text(&r.class, &r.name, &r.desc)
                ),
                r.arg_slots.saturating_sub(1) as usize,
            )
        }
        // No helpful message for these (the model's NPE keeps its own).
        Effect::Invoke(..)
        | Effect::Frame
        | Effect::Constant(_)
        | Effect::ReadStatic(_)
        | Effect::WriteStatic(_)
        | Effect::Concat(_)
        | Effect::New(_)
        | Effect::NewArray(_)
        | Effect::Cast(_)
        | Effect::InstanceOf(_)
        | Effect::Return(_)
        | Effect::Unsupported(_) => return None,
    })
}

/// The stack before each instruction as HotSpot's simulation leaves it
/// when it stops (at the failing instruction, when it has a stack).
fn simulate(m: &Method, at: u32) -> Vec<Option<Stack>> {
    let n = m.code.len();
    let mut stacks: Vec<Option<Stack>> = vec![None; n + 1];
    stacks[0] = Some(Stack {
        origins: Vec::new(),
        written: 0,
    });
    // A handler starts with the exception, pushed "by" the handler, and
    // nothing flows into it from its try block.
    for h in &m.handlers {
        let slot = &mut stacks[h.handler as usize];
        if slot.is_none() {
            *slot = Some(Stack {
                origins: vec![Some(h.handler)],
                written: 0,
            });
        }
    }
    let mut entries = 0usize;
    let mut created = true;
    let mut all_done = false;
    while !all_done && created {
        all_done = true;
        created = false;
        for i in 0..n {
            let Some(before) = stacks[i].clone() else {
                all_done = false;
                continue;
            };
            let Some((after, next)) = step(&m.code[i], i as u32, before) else {
                continue;
            };
            for t in next {
                let Some(slot) = stacks.get_mut(t as usize) else {
                    continue;
                };
                match slot {
                    None => {
                        entries += after.origins.len();
                        *slot = Some(after.clone());
                        created = true;
                    }
                    Some(old) => {
                        for (o, a) in old.origins.iter_mut().zip(&after.origins) {
                            if *o != *a {
                                *o = None;
                            }
                        }
                        old.written |= after.written;
                    }
                }
            }
            if i + 1 == at as usize && stacks[at as usize].is_some() {
                return stacks;
            }
            if entries > MAX_ENTRIES {
                return stacks;
            }
        }
    }
    stacks
}

/// One instruction's effect on the simulated stack, and where control
/// goes next. `None`: an instruction the simulation does not follow.
fn step(insn: &Insn, i: u32, mut s: Stack) -> Option<(Stack, Vec<u32>)> {
    match insn.flow() {
        Flow::Unsupported => return None,
        // A cast passes its operand's origin through; the dups and swap
        // move origins.
        Flow::Keep => {}
        Flow::Shuffle => {
            dup_slots(&mut s.origins, insn);
        }
        Flow::Store(k, n) => {
            if n < 64 {
                s.written |= 1u64 << n;
            }
            s.pop(kind_slots(k) as usize);
        }
        // Everything else (a load too) pushes values this instruction made.
        Flow::Load(..) | Flow::Fresh => {
            let (pops, pushes) = stack_effect(insn);
            s.pop(pops as usize);
            s.push(pushes as usize, i);
        }
    }
    let mut next = successors(insn, i);
    // HotSpot also lets a switch fall through to the next instruction
    // (harmless: javac puts no code there but a target).
    if let Insn::Switch(_) = insn {
        next.push(i + 1);
    }
    Some((s, next))
}

/// ` because "..." is null`, ` because the return value of "..." is null`,
/// HotSpot's dangling ` because "` when the origin cannot be described, or
/// nothing when it is unknown.
fn cause(m: &Method, stacks: &[Option<Stack>], at: u32, slot: usize) -> Option<String> {
    let src = stacks.get(at as usize)?.as_ref()?.get(slot)?;
    if let Some(Insn::Invoke(_, r)) = m.code.get(src as usize) {
        return Some(format!(
            " because the return value of \"{}\" is null",
            method_text(&r.class, &r.name, &r.desc)
        ));
    }
    Some(match describe(m, stacks, at, slot, BUDGET) {
        Some(d) => format!(" because \"{d}\" is null"),
        None => " because \"".to_string(),
    })
}

/// The source text of stack entry `slot` before instruction `at`, within
/// `budget` levels (a field's object or an array costs one; an index, as
/// in HotSpot, nothing — so `a[b[c[...]]]` nests as deep as the code is
/// long, and the text is built with an explicit stack, not recursion).
fn describe(
    m: &Method,
    stacks: &[Option<Stack>],
    at: u32,
    slot: usize,
    budget: i32,
) -> Option<String> {
    /// Text, or a stack entry's description (with the text written when
    /// it has none).
    enum Part {
        Text(String),
        Entry(u32, usize, i32, &'static str),
    }
    head(m, stacks, at, slot, budget)?;
    let mut out = String::new();
    let mut parts = vec![Part::Entry(at, slot, budget, "")];
    while let Some(part) = parts.pop() {
        let (at, slot, budget, none) = match part {
            Part::Text(t) => {
                out.push_str(&t);
                continue;
            }
            Part::Entry(at, slot, budget, none) => (at, slot, budget, none),
        };
        let Some((src, insn, stack)) = head(m, stacks, at, slot, budget) else {
            out.push_str(none);
            continue;
        };
        match insn {
            Insn::Load(_, n) => out.push_str(&local_name(m, *n, src, stack.is_parameter(*n))),
            Insn::AconstNull => out.push_str("null"),
            Insn::Iconst(v) => out.push_str(&v.to_string()),
            Insn::ArrayLoad(_) => parts.extend([
                Part::Text("]".into()),
                Part::Entry(src, 0, budget, "..."),
                Part::Text("[".into()),
                Part::Entry(src, 1, budget - 1, "<array>"),
            ]),
            Insn::GetStatic(f) => out.push_str(&format!("{}.{}", class_text(&f.class), f.name)),
            Insn::GetField(f) => {
                if head(m, stacks, src, 0, budget - 1).is_some() {
                    parts.push(Part::Text(format!(".{}", f.name)));
                    parts.push(Part::Entry(src, 0, budget - 1, ""));
                } else {
                    out.push_str(&f.name);
                }
            }
            Insn::Invoke(_, r) => out.push_str(&method_text(&r.class, &r.name, &r.desc)),
            _ => unreachable!("head describes only these"),
        }
    }
    Some(out)
}

/// The instruction that pushed stack entry `slot` before instruction `at`
/// (its index, and the stack before it), if `describe` can say what it
/// pushed within `budget`.
fn head<'a>(
    m: &'a Method,
    stacks: &'a [Option<Stack>],
    at: u32,
    slot: usize,
    budget: i32,
) -> Option<(u32, &'a Insn, &'a Stack)> {
    if budget <= 0 {
        return None;
    }
    let stack = stacks.get(at as usize)?.as_ref()?;
    let src = stack.get(slot)?;
    let insn = m.code.get(src as usize)?;
    matches!(
        insn,
        Insn::Load(Kind::A | Kind::I, _)
            | Insn::AconstNull
            | Insn::Iconst(_)
            | Insn::ArrayLoad(ArrKind::A | ArrKind::I)
            | Insn::GetStatic(_)
            | Insn::GetField(_)
            | Insn::Invoke(..)
    )
    .then_some((src, insn, stack))
}

/// A local variable as HotSpot names it: from the LocalVariableTable at
/// the load's pc, else `this`, `<parameterN>` (a parameter not stored to
/// before, counted from 1 without `this`) or `<localN>`.
fn local_name(m: &Method, slot: u16, load: u32, is_parameter: bool) -> String {
    let pc = m.pc(load);
    if let Some(v) = m
        .locals
        .iter()
        .find(|v| v.slot == slot && v.start <= pc && pc < v.start + v.length)
    {
        return v.name.to_string();
    }
    if !m.is_static() && slot == 0 && is_parameter {
        return "this".into();
    }
    if is_parameter {
        let mut at: u16 = if m.is_static() { 0 } else { 1 };
        for (k, p) in param_descs(&m.desc).iter().enumerate() {
            let w = width(p) as u16;
            if slot >= at && slot < at + w {
                return format!("<parameter{}>", k + 1);
            }
            at += w;
        }
    }
    format!("<local{slot}>")
}

/// A class as HotSpot prints it in these messages: the external name, with
/// `java.lang.Object` and `java.lang.String` (exactly) shortened.
fn class_text(internal: &str) -> String {
    match internal {
        "java/lang/Object" => "Object".into(),
        "java/lang/String" => "String".into(),
        other => other.replace('/', "."),
    }
}

/// A field descriptor as a Java type, with HotSpot's shortening of names
/// that start with `java.lang.Object` or `java.lang.String`.
fn parameter_text(desc: &str) -> String {
    let dims = desc.bytes().take_while(|&b| b == b'[').count();
    let base = match &desc[dims..] {
        "Z" => "boolean".to_string(),
        "B" => "byte".into(),
        "C" => "char".into(),
        "S" => "short".into(),
        "I" => "int".into(),
        "J" => "long".into(),
        "F" => "float".into(),
        "D" => "double".into(),
        d => d
            .trim_start_matches('L')
            .trim_end_matches(';')
            .replace('/', "."),
    };
    let text = format!("{base}{}", "[]".repeat(dims));
    if text.starts_with("java.lang.Object") || text.starts_with("java.lang.String") {
        text["java.lang.".len()..].to_string()
    } else {
        text
    }
}

/// `Class.name(Param, ...)` for a method reference.
fn method_text(class: &str, name: &str, desc: &str) -> String {
    let params: Vec<String> = param_descs(desc)
        .iter()
        .map(|p| parameter_text(p))
        .collect();
    format!("{}.{name}({})", class_text(class), params.join(", "))
}

/// The message of the NullPointerException that `m` throws when the
/// parameter in local `slot` is null on entry: at the first instruction of
/// the method's straight-line start that dereferences that value. None
/// when a branch, a call that is not on the value, a store to the slot or
/// the end comes first (then more than the null decides what happens).
pub fn null_parameter_message(m: &Method, slot: u16) -> Option<String> {
    for (at, insn) in m.code.iter().enumerate() {
        let at = at as u32;
        if let Some((_, depth)) = action(insn) {
            let stacks = simulate(m, at);
            let origin = stacks.get(at as usize)?.as_ref()?.get(depth);
            if let Some(Insn::Load(_, n)) = origin.and_then(|o| m.code.get(o as usize))
                && *n == slot
            {
                return message(m, at);
            }
        }
        let straight = successors(insn, at) == [at + 1];
        let stores = matches!(insn.flow(), Flow::Store(_, n) if n == slot);
        if !straight || stores || matches!(insn.effect(), Effect::Invoke(..)) {
            return None;
        }
    }
    None
}

/// `null_parameter_message` for a method of the user's JDK: `class`'s
/// first method `name` whose descriptor starts with `params`, parameter
/// slot `slot`. For natives that stand for JDK code which dereferences a
/// parameter: the message follows the JDK at hand (which call comes
/// first, and whether its class file names the parameter).
pub fn jdk_null_parameter(class: &str, name: &str, params: &str, slot: u16) -> Option<String> {
    let jdk = crate::classfile::jdk::jdk().ok()?;
    let (origin, bytes) = jdk.find(class).ok()??;
    let rc = crate::classfile::parse::parse_class(&origin, &bytes).ok()?;
    let raw = rc
        .methods
        .into_iter()
        .find(|m| &*m.name == name && m.desc.starts_with(params))?;
    let this = u16::from(raw.flags & crate::classfile::parse::ACC_STATIC == 0);
    let arg_slots = crate::classfile::parse::param_slots(&raw.desc).ok()? + this;
    let m = Method {
        id: 0,
        class: 0,
        class_name: rc.name,
        name: raw.name,
        desc: raw.desc,
        flags: raw.flags,
        max_locals: raw.max_locals,
        max_stack: raw.max_stack,
        arg_slots,
        code: raw.code,
        offsets: raw.offsets,
        code_len: raw.code_len,
        handlers: Vec::new(),
        lines: raw.lines,
        locals: raw.locals,
        selector: 0,
        native: None,
        exceptions: raw.exceptions,
    };
    null_parameter_message(&m, slot)
}
