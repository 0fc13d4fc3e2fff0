//! Frame-local instructions — constants, locals, operand-stack shuffles,
//! arithmetic, conversions, comparisons and branches — written once over a
//! value `Domain`: the interpreter runs them on Java values, the prover on
//! SMT terms (where every branch point forks).

use super::domain::{Compare, Constant, Domain};
use crate::classfile::{ArithOp, Const, Insn, Kind};
use crate::state::Frame;

/// What a frame-local instruction did.
#[derive(Debug, PartialEq, Eq)]
pub enum Local {
    /// Executed; the frame is at its next instruction.
    Done,
    /// Not a frame-local instruction (`heap::step` runs it): nothing happened.
    NotLocal,
    /// The JVM throws this exception here (the frame is unchanged): only
    /// integer division by zero.
    Throw(&'static str, &'static str),
}

#[inline(always)]
fn wide(k: Kind) -> bool {
    matches!(k, Kind::L | Kind::D)
}

/// Pops a value of kind `k` (two slots for long and double).
#[inline(always)]
fn pop<D: Domain>(d: &D, st: &mut Vec<D::Val>, k: Kind) -> D::Val {
    if wide(k) {
        st.pop();
    }
    st.pop().unwrap_or_else(|| d.top())
}

/// Pushes a value of kind `k`.
#[inline(always)]
fn push<D: Domain>(d: &D, st: &mut Vec<D::Val>, k: Kind, v: D::Val) {
    st.push(v);
    if wide(k) {
        st.push(d.top());
    }
}

#[inline(always)]
fn raw_pop<D: Domain>(d: &D, st: &mut Vec<D::Val>) -> D::Val {
    st.pop().unwrap_or_else(|| d.top())
}

/// The source and result kinds of a conversion.
#[inline(always)]
fn conv_kinds(c: crate::classfile::Conv) -> (Kind, Kind) {
    use crate::classfile::Conv::*;
    match c {
        I2L => (Kind::I, Kind::L),
        I2F => (Kind::I, Kind::F),
        I2D => (Kind::I, Kind::D),
        L2I => (Kind::L, Kind::I),
        L2F => (Kind::L, Kind::F),
        L2D => (Kind::L, Kind::D),
        F2I => (Kind::F, Kind::I),
        F2L => (Kind::F, Kind::L),
        F2D => (Kind::F, Kind::D),
        D2I => (Kind::D, Kind::I),
        D2L => (Kind::D, Kind::L),
        D2F => (Kind::D, Kind::F),
        I2B | I2C | I2S => (Kind::I, Kind::I),
    }
}

/// An arithmetic instruction of kind `k`; Some(exception) for integer
/// division by zero (the stack is then unchanged).
#[inline(always)]
fn arith<D: Domain>(
    d: &mut D,
    st: &mut Vec<D::Val>,
    k: Kind,
    op: ArithOp,
) -> Result<Option<Local>, D::Stop> {
    if op == ArithOp::Neg {
        let a = pop(d, st, k);
        let r = d.neg(k, &a)?;
        push(d, st, k, r);
        return Ok(None);
    }
    if matches!(k, Kind::I | Kind::L) && matches!(op, ArithOp::Div | ArithOp::Rem) {
        let at = if k == Kind::L { 2 } else { 1 };
        let divisor = st.len().checked_sub(at).map(|i| st[i].clone());
        let divisor = divisor.unwrap_or_else(|| d.top());
        let zero = d.is_zero(k, &divisor);
        if d.decide(zero)? {
            return Ok(Some(Local::Throw(
                "java/lang/ArithmeticException",
                "/ by zero",
            )));
        }
    }
    // A long shift's distance is an int.
    let shift = matches!(op, ArithOp::Shl | ArithOp::Shr | ArithOp::Ushr);
    let b = pop(d, st, if shift { Kind::I } else { k });
    let a = pop(d, st, k);
    let r = d.arith(k, op, &a, &b)?;
    push(d, st, k, r);
    Ok(None)
}

/// `dup_x1`: copies the top slot below the one beneath it.
#[inline(always)]
fn dup_x1<D: Domain>(d: &D, st: &mut Vec<D::Val>) {
    let v1 = raw_pop(d, st);
    let v2 = raw_pop(d, st);
    st.extend([v1.clone(), v2, v1]);
}

/// `dup_x2`: copies the top slot below the two beneath it.
#[inline(always)]
fn dup_x2<D: Domain>(d: &D, st: &mut Vec<D::Val>) {
    let v1 = raw_pop(d, st);
    let v2 = raw_pop(d, st);
    let v3 = raw_pop(d, st);
    st.extend([v1.clone(), v3, v2, v1]);
}

/// `dup2`: copies the top two slots.
#[inline(always)]
fn dup2<D: Domain>(d: &D, st: &mut Vec<D::Val>) {
    let v1 = raw_pop(d, st);
    let v2 = raw_pop(d, st);
    st.extend([v2.clone(), v1.clone(), v2, v1]);
}

/// `dup2_x1`: copies the top two slots below the one beneath them.
#[inline(always)]
fn dup2_x1<D: Domain>(d: &D, st: &mut Vec<D::Val>) {
    let v1 = raw_pop(d, st);
    let v2 = raw_pop(d, st);
    let v3 = raw_pop(d, st);
    st.extend([v2.clone(), v1.clone(), v3, v2, v1]);
}

/// `dup2_x2`: copies the top two slots below the two beneath them.
#[inline(always)]
fn dup2_x2<D: Domain>(d: &D, st: &mut Vec<D::Val>) {
    let v1 = raw_pop(d, st);
    let v2 = raw_pop(d, st);
    let v3 = raw_pop(d, st);
    let v4 = raw_pop(d, st);
    st.extend([v2.clone(), v1.clone(), v4, v3, v2, v1]);
}

/// The comparison instructions: `lcmp`, `fcmpl/g`, `dcmpl/g`.
#[inline(always)]
fn compare<D: Domain>(d: &mut D, st: &mut Vec<D::Val>, c: Compare, k: Kind) -> Result<(), D::Stop> {
    let b = pop(d, st, k);
    let a = pop(d, st, k);
    let r = d.compare(c, &a, &b)?;
    st.push(r);
    Ok(())
}

/// Where a conditional branch goes: `target` if `cond` holds, else `next`.
#[inline(always)]
fn branch<D: Domain>(d: &mut D, cond: D::Cond, target: u32, next: u32) -> Result<u32, D::Stop> {
    Ok(if d.decide(cond)? { target } else { next })
}

/// Executes `insn` on frame `f` if it is frame-local: the interpreter's
/// one dispatch over `Insn`, one arm per frame-local instruction; the
/// others are named in one arm, and `heap::step` sends them to their
/// family by their effect.
#[inline(always)]
pub fn local<D: Domain>(d: &mut D, f: &mut Frame<D::Val>, insn: &Insn) -> Result<Local, D::Stop> {
    use Insn::*;
    let mut next = f.ip + 1;
    let st = &mut f.stack;
    match insn {
        Nop => {}
        AconstNull => st.push(d.constant(Constant::Null)?),
        Iconst(v) | Ldc(Const::Int(v)) => st.push(d.constant(Constant::Int(*v))?),
        Lconst(v) | Ldc(Const::Long(v)) => {
            let v = d.constant(Constant::Long(*v))?;
            push(d, st, Kind::L, v);
        }
        Fconst(v) | Ldc(Const::Float(v)) => st.push(d.constant(Constant::Float(*v))?),
        Dconst(v) | Ldc(Const::Double(v)) => {
            let v = d.constant(Constant::Double(*v))?;
            push(d, st, Kind::D, v);
        }
        Load(k, n) => {
            st.push(f.locals[*n as usize].clone());
            if wide(*k) {
                st.push(d.top());
            }
        }
        Store(k, n) => {
            let n = *n as usize;
            if wide(*k) {
                st.pop();
                f.locals[n] = raw_pop(d, st);
                f.locals[n + 1] = d.top();
            } else {
                f.locals[n] = raw_pop(d, st);
            }
        }
        Pop => {
            st.pop();
        }
        Pop2 => {
            st.pop();
            st.pop();
        }
        Dup => {
            let v = st.last().cloned().unwrap_or_else(|| d.top());
            st.push(v);
        }
        DupX1 => dup_x1(d, st),
        DupX2 => dup_x2(d, st),
        Dup2 => dup2(d, st),
        Dup2X1 => dup2_x1(d, st),
        Dup2X2 => dup2_x2(d, st),
        Swap => {
            let v1 = raw_pop(d, st);
            let v2 = raw_pop(d, st);
            st.extend([v1, v2]);
        }
        // One arm per kind, so that the domain sees constant kinds.
        Arith(Kind::I, op) => {
            if let Some(t) = arith(d, st, Kind::I, *op)? {
                return Ok(t);
            }
        }
        Arith(Kind::L, op) => {
            if let Some(t) = arith(d, st, Kind::L, *op)? {
                return Ok(t);
            }
        }
        Arith(Kind::F, op) => {
            arith(d, st, Kind::F, *op)?;
        }
        Arith(Kind::D | Kind::A, op) => {
            arith(d, st, Kind::D, *op)?;
        }
        Iinc(n, delta) => {
            let l = &mut f.locals[*n as usize];
            *l = d.add_const(l, *delta);
        }
        Convert(c) => {
            let (from, to) = conv_kinds(*c);
            let a = pop(d, st, from);
            let r = d.convert(*c, &a)?;
            push(d, st, to, r);
        }
        Lcmp => compare(d, st, Compare::Long, Kind::L)?,
        Fcmp(nan) => compare(d, st, Compare::Float(*nan), Kind::F)?,
        Dcmp(nan) => compare(d, st, Compare::Double(*nan), Kind::D)?,
        If(c, t) => {
            let a = raw_pop(d, st);
            let cond = d.int_test(*c, &a, None);
            next = branch(d, cond, *t, next)?;
        }
        IfIcmp(c, t) => {
            let b = raw_pop(d, st);
            let a = raw_pop(d, st);
            let cond = d.int_test(*c, &a, Some(&b));
            next = branch(d, cond, *t, next)?;
        }
        IfAcmp(eq, t) => {
            let b = raw_pop(d, st);
            let a = raw_pop(d, st);
            let same = d.same_ref(&a, &b);
            let cond = if *eq { same } else { d.not(same) };
            next = branch(d, cond, *t, next)?;
        }
        IfNull(null, t) => {
            let a = raw_pop(d, st);
            let is_null = d.is_null(&a);
            let cond = if *null { is_null } else { d.not(is_null) };
            next = branch(d, cond, *t, next)?;
        }
        Goto(t) => next = *t,
        Switch(sw) => {
            let key = raw_pop(d, st);
            next = match d.switch(&key, &sw.cases)? {
                i if i < sw.cases.len() => sw.cases[i].1,
                _ => sw.default,
            };
        }
        // The heap families: `heap::step`, by `Insn::effect`.
        Ldc(Const::String(_) | Const::Utf16(_) | Const::Class(_))
        | ArrayLoad(_)
        | ArrayStore(_)
        | GetStatic(_)
        | PutStatic(_)
        | GetField(_)
        | PutField(_)
        | Invoke(..)
        | Concat(_)
        | New(_)
        | NewArray(_)
        | ANewArray(_)
        | MultiANewArray(..)
        | ArrayLength
        | Athrow
        | CheckCast(_)
        | InstanceOf(_)
        | MonitorEnter
        | MonitorExit
        | Return(_)
        | Unsupported(_) => return Ok(Local::NotLocal),
    }
    f.ip = next;
    Ok(Local::Done)
}
