//! Library contracts: what a method of `java.util.concurrent.atomic`'s
//! `AtomicInteger`, `AtomicLong`, `AtomicBoolean` and `AtomicReference`
//! reads, writes and returns, as one atomic step. The prover runs a call of
//! such a method as its contract instead of stepping the JDK's bytecode
//! (which drags `Unsafe` and `VarHandle` into every case); the interpreter
//! steps the real bytecode, and runs the contract only where
//! `Config::library_contracts` asks (the test that checks every contract
//! against the JDK's bytecode on states of real runs:
//! `tests/it/contracts.rs`). Written once over the `Machine`, as the
//! instruction families are, so the prover's contract is the one checked.
//!
//! Why one step is faithful: each of these methods writes its object at
//! most once, with one field store or one compare-and-set of the `value`
//! field (the JDK's `getAndAddInt` loop retries a failed CAS, which writes
//! nothing), and touches no other shared state; so every run through the
//! bytecode is equivalent to one where the method runs at its write (or
//! its last read). `weakCompareAndSet*` may fail spuriously on a JVM and
//! `updateAndGet`-like methods run user code: they have no contract.

use std::sync::Arc;

use super::domain::{Compare, Constant, Domain};
use super::heap::finish;
use super::machine::{Flow, Machine};
use super::threads::instance_ref;
use crate::classfile::{ArithOp, Cond, Kind, Method};
use crate::state::State;

/// The value an atomic class holds in its `value` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cell {
    /// `AtomicInteger`'s `int`.
    Int,
    /// `AtomicLong`'s `long`.
    Long,
    /// `AtomicBoolean`'s `int` holding 0 or 1 (the methods take and return
    /// `boolean`).
    Bool,
    /// `AtomicReference`'s `Object`.
    Ref,
}

impl Cell {
    /// The class that declares `value`.
    pub fn class(self) -> &'static str {
        match self {
            Cell::Int => "java/util/concurrent/atomic/AtomicInteger",
            Cell::Long => "java/util/concurrent/atomic/AtomicLong",
            Cell::Bool => "java/util/concurrent/atomic/AtomicBoolean",
            Cell::Ref => "java/util/concurrent/atomic/AtomicReference",
        }
    }

    fn of_class(name: &str) -> Option<Cell> {
        [Cell::Int, Cell::Long, Cell::Bool, Cell::Ref]
            .into_iter()
            .find(|c| c.class() == name)
    }

    /// The descriptor of a value the methods take and return.
    fn desc(self) -> &'static str {
        match self {
            Cell::Int => "I",
            Cell::Long => "J",
            Cell::Bool => "Z",
            Cell::Ref => "Ljava/lang/Object;",
        }
    }

    /// Operand-stack slots of one such value.
    fn width(self) -> usize {
        if self == Cell::Long { 2 } else { 1 }
    }
}

/// The most frames the JDK's code of a contracted call has on the
/// stack at once (the method, `Unsafe.getAndAddInt`, its
/// `weakCompareAndSetInt`; `tests/it/contracts.rs` checks the bound on
/// every call it compares). A call is run as its contract only where that
/// many more frames fit: nearer the limit the JDK's code may throw
/// `StackOverflowError`, which the contract does not.
pub const FRAMES: usize = 3;

/// What a contracted method does to its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `get()`: returns the value.
    Get,
    /// `set(v)`, `lazySet(v)`: stores `v` (in a sequentially consistent
    /// model a release store is a store).
    Set,
    /// `getAndSet(v)`: stores `v`, returns the old value.
    GetAndSet,
    /// `compareAndSet(e, u)`: stores `u` if the value is `e` (`==`, for
    /// references identity), returns whether it did.
    CompareAndSet,
    /// `getAndAdd` and friends: adds the argument (`by` None) or the
    /// constant, wrapping; returns the new value or the old one.
    Add { by: Option<i32>, new: bool },
}

/// One contract: the cell and what the method does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    pub cell: Cell,
    pub op: Op,
}

/// Every contracted method of `cell`'s class: (name, descriptor, op).
pub fn methods(cell: Cell) -> Vec<(&'static str, String, Op)> {
    let v = cell.desc();
    let ret = |args: &str, r: &str| format!("({args}){r}");
    let mut ms = vec![
        ("get", ret("", v), Op::Get),
        ("set", ret(v, "V"), Op::Set),
        ("lazySet", ret(v, "V"), Op::Set),
        ("getAndSet", ret(v, v), Op::GetAndSet),
        (
            "compareAndSet",
            ret(&format!("{v}{v}"), "Z"),
            Op::CompareAndSet,
        ),
    ];
    if matches!(cell, Cell::Int | Cell::Long) {
        let add = |by, new| Op::Add { by, new };
        ms.extend([
            ("getAndIncrement", ret("", v), add(Some(1), false)),
            ("getAndDecrement", ret("", v), add(Some(-1), false)),
            ("incrementAndGet", ret("", v), add(Some(1), true)),
            ("decrementAndGet", ret("", v), add(Some(-1), true)),
            ("getAndAdd", ret(v, v), add(None, false)),
            ("addAndGet", ret(v, v), add(None, true)),
        ]);
    }
    ms
}

/// The contract of `callee`, if it has one: the method the JDK's class
/// declares (a subclass's override runs its own code).
pub fn of(callee: &Method) -> Option<Contract> {
    let cell = Cell::of_class(&callee.class_name)?;
    methods(cell)
        .into_iter()
        .find(|(n, d, _)| *n == &*callee.name && d.as_str() == &*callee.desc)
        .map(|(_, _, op)| Contract { cell, op })
}

/// The contracted method some thread of `s` is inside (a frame of it on
/// its stack: the JDK's bytecode of the call is running), if any. The
/// invariant does not speak of such states (`invariant::eval::in_scope`):
/// the prover runs the call as one step, so its claim is about the states
/// between calls, and the concrete checkers skip the states within one.
pub fn inside(s: &State) -> Option<&Arc<Method>> {
    s.threads
        .iter()
        .flat_map(|t| t.stack.iter())
        .map(|f| &f.method)
        .find(|m| of(m).is_some())
}

/// Runs contract `c` of the method `caller` calls at `ip`, with `args`
/// (the receiver, not null, first) still on the operand stack: pops them,
/// pushes the result and moves past the call, as a native step does.
pub fn apply<M: Machine>(
    m: &mut M,
    c: Contract,
    caller: &Arc<Method>,
    ip: u32,
    args: &[M::Val],
) -> Result<Flow<M::Blocked>, M::Stop> {
    let field = instance_ref(m.classes(), c.cell.class(), "value").map_err(|e| m.error(e))?;
    let this = &args[0];
    let old = m.get_field(this, &field, caller, ip)?;
    // The argument after the receiver (a long's second slot is `top`).
    let arg = |i: usize| args[1 + i * c.cell.width()].clone();
    let (store, ret) = match c.op {
        Op::Get => (None, Some(to_java(m, c.cell, &old)?)),
        Op::Set => (Some(to_cell(m, c.cell, &arg(0))?), None),
        Op::GetAndSet => (
            Some(to_cell(m, c.cell, &arg(0))?),
            Some(to_java(m, c.cell, &old)?),
        ),
        Op::CompareAndSet => {
            let expect = to_cell(m, c.cell, &arg(0))?;
            let update = to_cell(m, c.cell, &arg(1))?;
            let same = equal(m, c.cell, &old, &expect)?;
            let swapped = m.dom().int_of_cond(same);
            // A failed compare-and-set writes nothing: storing the old
            // value back is the same state.
            let one = m.dom().constant(Constant::Int(1))?;
            let again = m.dom().int_test(Cond::Eq, &swapped, Some(&one));
            let new = m.pick(again, &update, &old);
            (Some(new), Some(swapped))
        }
        Op::Add { by, new } => {
            let k = if c.cell == Cell::Long {
                Kind::L
            } else {
                Kind::I
            };
            let delta = match by {
                Some(d) if k == Kind::L => m.dom().constant(Constant::Long(d as i64))?,
                Some(d) => m.dom().constant(Constant::Int(d))?,
                None => arg(0),
            };
            let sum = m.dom().arith(k, ArithOp::Add, &old, &delta)?;
            let ret = if new { sum.clone() } else { old };
            (Some(sum), Some(ret))
        }
    };
    if let Some(v) = store {
        m.put_field(this, &field, v, caller, ip)?;
    }
    let n = args.len();
    let width = match c.op {
        Op::CompareAndSet => 1,
        _ => c.cell.width(),
    };
    finish(m, n, ret.map(|v| (v, width)));
    Ok(Flow::Stepped)
}

/// A Java argument as the cell holds it: a `boolean` as 0 or 1, as the
/// JDK's `v ? 1 : 0` does.
fn to_cell<M: Machine>(m: &mut M, cell: Cell, v: &M::Val) -> Result<M::Val, M::Stop> {
    Ok(match cell {
        Cell::Bool => {
            let zero = m.dom().int_test(Cond::Eq, v, None);
            let nonzero = m.dom().not(zero);
            m.dom().int_of_cond(nonzero)
        }
        _ => v.clone(),
    })
}

/// The cell's value as the methods return it: a `boolean` is `value != 0`.
fn to_java<M: Machine>(m: &mut M, cell: Cell, v: &M::Val) -> Result<M::Val, M::Stop> {
    to_cell(m, cell, v)
}

/// `a == b` on the cell's values (identity for references).
fn equal<M: Machine>(m: &mut M, cell: Cell, a: &M::Val, b: &M::Val) -> Result<M::Cond, M::Stop> {
    Ok(match cell {
        Cell::Ref => m.dom().same_ref(a, b),
        Cell::Long => {
            let c = m.dom().compare(Compare::Long, a, b)?;
            m.dom().int_test(Cond::Eq, &c, None)
        }
        Cell::Int | Cell::Bool => m.dom().int_test(Cond::Eq, a, Some(b)),
    })
}
