//! The symbolic value domain: the interpreter's instruction semantics
//! (`interp::local`, ...) run on SMT terms. Java ints and longs are 32- and
//! 64-bit bit-vectors, references integers (null is -1). A condition is a
//! formula, and `decide` forks: the step is run again under a recorded list
//! of choices, once per outcome (`explore`), each run collecting its path
//! condition — a handful of re-runs of one instruction, far cheaper than
//! anything the solver does.

use super::smt::{self, Script};
use super::sym::{NULL, SVal, Ty};
use crate::classfile::{ArithOp, Cond, Conv, Kind};
use crate::interp::domain::{Compare, Constant, Domain};

/// Something the prover does not model (floating point, ...): the proof
/// is "unknown".
#[derive(Debug, Clone)]
pub struct Unsupported(pub String);

/// The decisions of one run of a step: replayed from a prefix, then the
/// first alternative at every new decision.
#[derive(Clone, Debug, Default)]
pub struct Fork {
    replay: Vec<usize>,
    /// (number of alternatives, the one taken) at each decision.
    pub made: Vec<(usize, usize)>,
    /// The path condition: the condition of each alternative taken.
    pub path: Vec<String>,
}

impl Fork {
    /// Takes one of mutually exclusive, exhaustive `conds`; literally true
    /// or false conditions need no decision.
    pub fn choose(&mut self, conds: Vec<String>) -> usize {
        if let Some(i) = conds.iter().position(|c| c == "true") {
            return i;
        }
        let live: Vec<usize> = (0..conds.len()).filter(|&i| conds[i] != "false").collect();
        if live.len() == 1 {
            return live[0];
        }
        let at = self.made.len();
        let pick = self.replay.get(at).copied().unwrap_or(0);
        self.made.push((live.len(), pick));
        let i = live[pick];
        self.path.push(conds[i].clone());
        i
    }
}

/// Runs `step` once per combination of decisions it makes; returns each
/// run's decisions and result, in depth-first order (first alternatives
/// first).
pub fn explore<T>(mut step: impl FnMut(&mut Fork) -> T) -> Vec<(Fork, T)> {
    let mut out = Vec::new();
    let mut todo: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(replay) = todo.pop() {
        let mut fork = Fork {
            replay: replay.clone(),
            ..Fork::default()
        };
        let r = step(&mut fork);
        // Alternatives not yet taken at the decisions past the prefix, the
        // last pushed first so that the first ones run first.
        let mut more = Vec::new();
        for i in replay.len()..fork.made.len() {
            let prefix: Vec<usize> = fork.made[..i].iter().map(|m| m.1).collect();
            for alt in fork.made[i].1 + 1..fork.made[i].0 {
                let mut p = prefix.clone();
                p.push(alt);
                more.push(p);
            }
        }
        todo.extend(more.into_iter().rev());
        out.push((fork, r));
    }
    out
}

/// Values as SMT terms, decisions by forking.
pub struct SymDomain<'a> {
    pub sc: &'a mut Script,
    pub fork: &'a mut Fork,
}

fn bv_op(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "bvadd",
        ArithOp::Sub => "bvsub",
        ArithOp::Mul => "bvmul",
        ArithOp::Div => "bvsdiv",
        ArithOp::Rem => "bvsrem",
        ArithOp::Shl => "bvshl",
        ArithOp::Shr => "bvashr",
        ArithOp::Ushr => "bvlshr",
        ArithOp::And => "bvand",
        ArithOp::Or => "bvor",
        ArithOp::Xor => "bvxor",
        ArithOp::Neg => "bvneg",
    }
}

fn fp() -> Unsupported {
    Unsupported("floating-point arithmetic".into())
}

impl Domain for SymDomain<'_> {
    type Val = SVal;
    type Cond = String;
    type Stop = Unsupported;

    fn top(&self) -> SVal {
        SVal::top()
    }

    fn constant(&mut self, c: Constant) -> Result<SVal, Unsupported> {
        Ok(match c {
            Constant::Null => SVal::new(Ty::A, NULL),
            Constant::Int(v) => SVal::new(Ty::I, smt::bv32(v)),
            Constant::Long(v) => SVal::new(Ty::L, smt::bv64(v)),
            Constant::Float(_) | Constant::Double(_) => return Err(fp()),
        })
    }

    fn arith(&mut self, k: Kind, op: ArithOp, a: &SVal, b: &SVal) -> Result<SVal, Unsupported> {
        let (ty, wide) = match k {
            Kind::I => (Ty::I, false),
            Kind::L => (Ty::L, true),
            _ => return Err(fp()),
        };
        // Shift distances are masked (5 bits for int, 6 for long; a long
        // shift's distance is an int).
        let dist = match op {
            ArithOp::Shl | ArithOp::Shr | ArithOp::Ushr if wide => {
                format!("((_ zero_extend 32) (bvand {} #x0000003f))", b.t)
            }
            ArithOp::Shl | ArithOp::Shr | ArithOp::Ushr => format!("(bvand {} #x0000001f)", b.t),
            _ => b.t.clone(),
        };
        Ok(SVal::new(ty, format!("({} {} {dist})", bv_op(op), a.t)))
    }

    fn neg(&mut self, k: Kind, a: &SVal) -> Result<SVal, Unsupported> {
        match k {
            Kind::I => Ok(SVal::new(Ty::I, format!("(bvneg {})", a.t))),
            Kind::L => Ok(SVal::new(Ty::L, format!("(bvneg {})", a.t))),
            _ => Err(fp()),
        }
    }

    fn add_const(&mut self, a: &SVal, d: i32) -> SVal {
        SVal::new(Ty::I, format!("(bvadd {} {})", a.t, smt::bv32(d)))
    }

    fn convert(&mut self, c: Conv, a: &SVal) -> Result<SVal, Unsupported> {
        let t = &a.t;
        Ok(match c {
            Conv::I2L => SVal::new(Ty::L, format!("((_ sign_extend 32) {t})")),
            Conv::L2I => SVal::new(Ty::I, format!("((_ extract 31 0) {t})")),
            Conv::I2B => SVal::new(Ty::I, format!("((_ sign_extend 24) ((_ extract 7 0) {t}))")),
            Conv::I2C => SVal::new(
                Ty::I,
                format!("((_ zero_extend 16) ((_ extract 15 0) {t}))"),
            ),
            Conv::I2S => SVal::new(
                Ty::I,
                format!("((_ sign_extend 16) ((_ extract 15 0) {t}))"),
            ),
            other => return Err(Unsupported(format!("floating-point conversion {other:?}"))),
        })
    }

    fn compare(&mut self, c: Compare, a: &SVal, b: &SVal) -> Result<SVal, Unsupported> {
        match c {
            Compare::Long => Ok(SVal::new(
                Ty::I,
                format!(
                    "(ite (bvslt {0} {1}) {2} (ite (= {0} {1}) {3} {4}))",
                    a.t,
                    b.t,
                    smt::bv32(-1),
                    smt::bv32(0),
                    smt::bv32(1)
                ),
            )),
            _ => Err(fp()),
        }
    }

    fn int_test(&mut self, c: Cond, a: &SVal, b: Option<&SVal>) -> String {
        let x = &a.t;
        let zero = smt::bv32(0);
        let y = b.map_or(zero.as_str(), |b| b.t.as_str());
        match c {
            Cond::Eq => smt::eq(x, y),
            Cond::Ne => smt::not(&smt::eq(x, y)),
            Cond::Lt => format!("(bvslt {x} {y})"),
            Cond::Ge => format!("(bvsge {x} {y})"),
            Cond::Gt => format!("(bvsgt {x} {y})"),
            Cond::Le => format!("(bvsle {x} {y})"),
        }
    }

    fn is_zero(&mut self, k: Kind, v: &SVal) -> String {
        let zero = if k == Kind::L {
            smt::bv64(0)
        } else {
            smt::bv32(0)
        };
        smt::eq(&v.t, &zero)
    }

    fn same_ref(&mut self, a: &SVal, b: &SVal) -> String {
        smt::eq(&a.t, &b.t)
    }

    fn is_null(&mut self, a: &SVal) -> String {
        smt::eq(&a.t, NULL)
    }

    fn not(&mut self, c: String) -> String {
        smt::not(&c)
    }

    fn and(&mut self, a: String, b: String) -> String {
        smt::and(&[a, b])
    }

    fn in_range(&mut self, index: &SVal, length: &SVal) -> String {
        format!(
            "(and (bvsge {0} {1}) (bvslt {0} {2}))",
            index.t,
            smt::bv32(0),
            length.t
        )
    }

    fn is_negative(&mut self, v: &SVal) -> String {
        format!("(bvslt {} {})", v.t, smt::bv32(0))
    }

    fn int_of_cond(&mut self, c: String) -> SVal {
        SVal::new(Ty::I, smt::ite(&c, &smt::bv32(1), &smt::bv32(0)))
    }

    fn decide(&mut self, c: String) -> Result<bool, Unsupported> {
        let n = smt::not(&c);
        Ok(self.fork.choose(vec![c, n]) == 0)
    }

    fn switch(&mut self, key: &SVal, cases: &[(i32, u32)]) -> Result<usize, Unsupported> {
        let mut conds: Vec<String> = cases
            .iter()
            .map(|(k, _)| smt::eq(&key.t, &smt::bv32(*k)))
            .collect();
        conds.push(smt::and(
            &conds.iter().map(|c| smt::not(c)).collect::<Vec<_>>(),
        ));
        Ok(self.fork.choose(conds))
    }
}
