//! The value domain an instruction's semantics is written over. The
//! interpreter runs the semantics on concrete values (`Concrete`: Java's
//! `int`, `long`, `float`, `double` and references, with conditions that are
//! plain booleans); the prover runs the same code on SMT terms, where a
//! condition is a formula and `decide` forks the step into one branch per
//! outcome. One implementation of every instruction family serves both
//! (ARCHITECTURE.md, "One semantics").

use std::convert::Infallible;

use crate::classfile::{ArithOp, Cond, Conv, Kind};
use crate::state::Value;

/// A constant an instruction pushes.
#[derive(Clone, Copy, Debug)]
pub enum Constant {
    Null,
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
}

/// `lcmp`, `fcmpl`/`fcmpg`, `dcmpl`/`dcmpg` (with the result for NaN).
#[derive(Clone, Copy, Debug)]
pub enum Compare {
    Long,
    Float(i32),
    Double(i32),
}

/// Values and the decisions taken on them.
pub trait Domain {
    /// What a local variable or operand-stack slot holds (category-2
    /// values take two slots, the second `top()`).
    type Val: Clone;
    /// A condition an instruction branches on.
    type Cond;
    /// Why the domain cannot go on (the prover: "not modeled"; the
    /// interpreter: never).
    type Stop;

    /// The filler of a category-2 value's second slot.
    fn top(&self) -> Self::Val;
    fn constant(&mut self, c: Constant) -> Result<Self::Val, Self::Stop>;
    /// A binary operation of kind `k` (int, long, float, double). For
    /// integer division and remainder the divisor is not zero (checked
    /// before, with `is_zero`).
    fn arith(
        &mut self,
        k: Kind,
        op: ArithOp,
        a: &Self::Val,
        b: &Self::Val,
    ) -> Result<Self::Val, Self::Stop>;
    fn neg(&mut self, k: Kind, a: &Self::Val) -> Result<Self::Val, Self::Stop>;
    /// `iinc`: an int plus a constant.
    fn add_const(&mut self, a: &Self::Val, d: i32) -> Self::Val;
    fn convert(&mut self, c: Conv, a: &Self::Val) -> Result<Self::Val, Self::Stop>;
    fn compare(
        &mut self,
        c: Compare,
        a: &Self::Val,
        b: &Self::Val,
    ) -> Result<Self::Val, Self::Stop>;
    /// `a c b` on ints (`if<c>` compares with zero: `b` is None).
    fn int_test(&mut self, c: Cond, a: &Self::Val, b: Option<&Self::Val>) -> Self::Cond;
    /// Is the divisor of kind `k` (int or long) zero?
    fn is_zero(&mut self, k: Kind, v: &Self::Val) -> Self::Cond;
    fn same_ref(&mut self, a: &Self::Val, b: &Self::Val) -> Self::Cond;
    fn is_null(&mut self, a: &Self::Val) -> Self::Cond;
    fn not(&mut self, c: Self::Cond) -> Self::Cond;
    fn and(&mut self, a: Self::Cond, b: Self::Cond) -> Self::Cond;
    /// `0 <= index < length`, on ints.
    fn in_range(&mut self, index: &Self::Val, length: &Self::Val) -> Self::Cond;
    /// An int below zero.
    fn is_negative(&mut self, v: &Self::Val) -> Self::Cond;
    /// The int 1 or 0 (`instanceof`'s result).
    fn int_of_cond(&mut self, c: Self::Cond) -> Self::Val;
    /// The branch point: which way does `c` go? The interpreter answers
    /// with `c`; the prover explores both answers.
    fn decide(&mut self, c: Self::Cond) -> Result<bool, Self::Stop>;
    /// A `tableswitch`/`lookupswitch` on int `key` over (key, target)
    /// cases sorted by key: the index of the case that matches, or
    /// `cases.len()` for the default.
    fn switch(&mut self, key: &Self::Val, cases: &[(i32, u32)]) -> Result<usize, Self::Stop>;
}

/// Running: Java's values, conditions decided as they are.
#[derive(Clone, Copy, Debug, Default)]
pub struct Concrete;

impl Domain for Concrete {
    type Val = Value;
    type Cond = bool;
    type Stop = Infallible;

    #[inline(always)]
    fn top(&self) -> Value {
        Value::Top
    }

    #[inline(always)]
    fn constant(&mut self, c: Constant) -> Result<Value, Infallible> {
        Ok(match c {
            Constant::Null => Value::Null,
            Constant::Int(v) => Value::Int(v),
            Constant::Long(v) => Value::Long(v),
            Constant::Float(v) => Value::Float(v),
            Constant::Double(v) => Value::Double(v),
        })
    }

    /// JVM arithmetic exactly: wrapping two's complement, shift distances
    /// masked, `MIN_VALUE / -1 == MIN_VALUE`, IEEE floats.
    #[inline(always)]
    fn arith(&mut self, k: Kind, op: ArithOp, a: &Value, b: &Value) -> Result<Value, Infallible> {
        use ArithOp::*;
        Ok(match k {
            Kind::I => {
                let (a, b) = (a.as_int(), b.as_int());
                Value::Int(match op {
                    Add => a.wrapping_add(b),
                    Sub => a.wrapping_sub(b),
                    Mul => a.wrapping_mul(b),
                    Div => a.wrapping_div(b),
                    Rem => a.wrapping_rem(b),
                    Shl => a.wrapping_shl(b as u32 & 31),
                    Shr => a.wrapping_shr(b as u32 & 31),
                    Ushr => ((a as u32) >> (b as u32 & 31)) as i32,
                    And => a & b,
                    Or => a | b,
                    Xor => a ^ b,
                    Neg => a.wrapping_neg(),
                })
            }
            Kind::L => {
                let a = a.as_long();
                // Shift distances are ints.
                if matches!(op, Shl | Shr | Ushr) {
                    let d = b.as_int() as u32 & 63;
                    return Ok(Value::Long(match op {
                        Shl => a.wrapping_shl(d),
                        Shr => a.wrapping_shr(d),
                        _ => ((a as u64) >> d) as i64,
                    }));
                }
                let b = b.as_long();
                Value::Long(match op {
                    Add => a.wrapping_add(b),
                    Sub => a.wrapping_sub(b),
                    Mul => a.wrapping_mul(b),
                    Div => a.wrapping_div(b),
                    Rem => a.wrapping_rem(b),
                    And => a & b,
                    Or => a | b,
                    Xor => a ^ b,
                    _ => a.wrapping_neg(),
                })
            }
            Kind::F => {
                let (a, b) = (a.as_float(), b.as_float());
                Value::Float(match op {
                    Add => a + b,
                    Sub => a - b,
                    Mul => a * b,
                    Div => a / b,
                    Rem => a % b,
                    _ => -a,
                })
            }
            _ => {
                let (a, b) = (a.as_double(), b.as_double());
                Value::Double(match op {
                    Add => a + b,
                    Sub => a - b,
                    Mul => a * b,
                    Div => a / b,
                    Rem => a % b,
                    _ => -a,
                })
            }
        })
    }

    #[inline(always)]
    fn neg(&mut self, k: Kind, a: &Value) -> Result<Value, Infallible> {
        Ok(match k {
            Kind::I => Value::Int(a.as_int().wrapping_neg()),
            Kind::L => Value::Long(a.as_long().wrapping_neg()),
            Kind::F => Value::Float(-a.as_float()),
            _ => Value::Double(-a.as_double()),
        })
    }

    #[inline(always)]
    fn add_const(&mut self, a: &Value, d: i32) -> Value {
        Value::Int(a.as_int().wrapping_add(d))
    }

    /// Rust's `as` saturates and maps NaN to 0 exactly like `f2i`/`d2l`.
    #[inline(always)]
    fn convert(&mut self, c: Conv, a: &Value) -> Result<Value, Infallible> {
        use Conv::*;
        Ok(match c {
            I2L => Value::Long(a.as_int() as i64),
            I2F => Value::Float(a.as_int() as f32),
            I2D => Value::Double(a.as_int() as f64),
            L2I => Value::Int(a.as_long() as i32),
            L2F => Value::Float(a.as_long() as f32),
            L2D => Value::Double(a.as_long() as f64),
            F2I => Value::Int(a.as_float() as i32),
            F2L => Value::Long(a.as_float() as i64),
            F2D => Value::Double(a.as_float() as f64),
            D2I => Value::Int(a.as_double() as i32),
            D2L => Value::Long(a.as_double() as i64),
            D2F => Value::Float(a.as_double() as f32),
            I2B => Value::Int(a.as_int() as i8 as i32),
            I2C => Value::Int(a.as_int() as u16 as i32),
            I2S => Value::Int(a.as_int() as i16 as i32),
        })
    }

    #[inline(always)]
    fn compare(&mut self, c: Compare, a: &Value, b: &Value) -> Result<Value, Infallible> {
        Ok(Value::Int(match c {
            Compare::Long => a.as_long().cmp(&b.as_long()) as i32,
            Compare::Float(nan) => a
                .as_float()
                .partial_cmp(&b.as_float())
                .map_or(nan, |o| o as i32),
            Compare::Double(nan) => a
                .as_double()
                .partial_cmp(&b.as_double())
                .map_or(nan, |o| o as i32),
        }))
    }

    #[inline(always)]
    fn int_test(&mut self, c: Cond, a: &Value, b: Option<&Value>) -> bool {
        c.test(a.as_int().cmp(&b.map_or(0, |b| b.as_int())))
    }

    #[inline(always)]
    fn is_zero(&mut self, k: Kind, v: &Value) -> bool {
        match k {
            Kind::L => v.as_long() == 0,
            _ => v.as_int() == 0,
        }
    }

    #[inline(always)]
    fn same_ref(&mut self, a: &Value, b: &Value) -> bool {
        a == b
    }

    #[inline(always)]
    fn is_null(&mut self, a: &Value) -> bool {
        *a == Value::Null
    }

    #[inline(always)]
    fn not(&mut self, c: bool) -> bool {
        !c
    }

    #[inline(always)]
    fn and(&mut self, a: bool, b: bool) -> bool {
        a && b
    }

    #[inline(always)]
    fn in_range(&mut self, index: &Value, length: &Value) -> bool {
        let i = index.as_int();
        i >= 0 && i < length.as_int()
    }

    #[inline(always)]
    fn is_negative(&mut self, v: &Value) -> bool {
        v.as_int() < 0
    }

    #[inline(always)]
    fn int_of_cond(&mut self, c: bool) -> Value {
        Value::Int(i32::from(c))
    }

    #[inline(always)]
    fn decide(&mut self, c: bool) -> Result<bool, Infallible> {
        Ok(c)
    }

    #[inline(always)]
    fn switch(&mut self, key: &Value, cases: &[(i32, u32)]) -> Result<usize, Infallible> {
        Ok(cases
            .binary_search_by_key(&key.as_int(), |c| c.0)
            .unwrap_or(cases.len()))
    }
}
