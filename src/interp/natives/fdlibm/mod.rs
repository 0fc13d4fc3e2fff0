//! fdlibm's algorithms (Sun's freely distributable libm, version 5.3), which
//! HotSpot 17's `StrictMath` natives run in C: the specification requires
//! StrictMath's results bit for bit, and the host's libm (glibc) differs
//! from them in the last bit on some inputs.
//!
//! Where the `libm` crate (a port of musl) still runs fdlibm's algorithm
//! unchanged (asin, acos, atan, expm1 and exp), it is called; the others
//! are ported here, one function per algorithm: musl rewrote the sine and
//! cosine kernels, the argument reduction's medium range, log, log10,
//! log1p, sinh, cosh, tanh and atan2's huge-quotient case. Every NaN result
//! is computed by the hardware, as fdlibm does (`x + x` quiets a NaN
//! argument; an invalid operation gives the host's default NaN), so its
//! bits are HotSpot's on the same machine.
//!
//! The arithmetic is plain `f64` operations in fdlibm's order: Rust never
//! fuses or reorders them, so each rounds exactly as the C does. Constants
//! that are not exact decimals are written as their bit patterns.

mod atan2;
mod hyperbolic;
mod log;
mod rem_pio2;
mod trig;

pub(crate) use atan2::atan2;
pub(crate) use hyperbolic::{cosh, sinh, tanh};
pub(crate) use log::{log, log1p, log10};
pub(crate) use trig::{cos, sin, tan};

/// The high 32 bits of `x`, signed (fdlibm's `__HI`).
fn hi(x: f64) -> i32 {
    (x.to_bits() >> 32) as i32
}

/// The low 32 bits of `x` (fdlibm's `__LO`).
fn lo(x: f64) -> u32 {
    x.to_bits() as u32
}

/// `x` with its high word replaced.
fn with_hi(x: f64, hi: i32) -> f64 {
    f64::from_bits((u64::from(hi as u32) << 32) | u64::from(lo(x)))
}

/// `x` with its low word replaced.
fn with_lo(x: f64, lo: u32) -> f64 {
    f64::from_bits((x.to_bits() & 0xFFFF_FFFF_0000_0000) | u64::from(lo))
}

/// A NaN for an invalid argument (a negative number to log, an infinity to
/// sin), made by the hardware as fdlibm's `(x-x)/(x-x)`: the host's default
/// NaN, or x quieted when x is a NaN (HotSpot's natives' on the same host).
#[allow(clippy::eq_op)]
fn invalid(x: f64) -> f64 {
    (x - x) / (x - x)
}

/// A NaN argument comes back quiet, as fdlibm's `x + x` returns it (the
/// `libm` crate returns it unchanged, a signalling NaN included).
fn quiet_nan_or(x: f64, f: fn(f64) -> f64) -> f64 {
    if x.is_nan() { x + x } else { f(x) }
}

pub(crate) fn asin(x: f64) -> f64 {
    quiet_nan_or(x, libm::asin)
}

pub(crate) fn acos(x: f64) -> f64 {
    quiet_nan_or(x, libm::acos)
}

pub(crate) fn atan(x: f64) -> f64 {
    quiet_nan_or(x, libm::atan)
}

pub(crate) fn expm1(x: f64) -> f64 {
    quiet_nan_or(x, libm::expm1)
}

/// fdlibm's `__ieee754_exp` (sinh's and cosh's large range).
fn exp(x: f64) -> f64 {
    quiet_nan_or(x, libm::exp)
}

#[cfg(test)]
mod tests;
