//! Natives of `Math` and `StrictMath`. StrictMath's are fdlibm's algorithms
//! (`super::fdlibm`), bit for bit as HotSpot's; the model `Math` keeps the
//! host's functions only where HotSpot answers with intrinsics of its own
//! (sin, cos, tan, exp, log, log10, pow), and reaches the rest through
//! StrictMath as the JDK's does.

use crate::interp::VmError;
use crate::state::*;

use super::NativeResult;
use super::fdlibm;
use super::{Native, ret};

/// Math's natives, then StrictMath's. A StrictMath entry binds only where
/// the user's JDK declares the method native (JDK 17; JDK 21+ runs its own
/// Java port of fdlibm).
#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("java/lang/Math", "sqrt", "(D)D", math_sqrt),
    ("java/lang/Math", "sin", "(D)D", math_sin),
    ("java/lang/Math", "cos", "(D)D", math_cos),
    ("java/lang/Math", "tan", "(D)D", math_tan),
    ("java/lang/Math", "exp", "(D)D", math_exp),
    ("java/lang/Math", "log", "(D)D", math_log),
    ("java/lang/Math", "log10", "(D)D", math_log10),
    ("java/lang/Math", "pow", "(DD)D", math_pow),
    ("java/lang/Math", "floor", "(D)D", math_floor),
    ("java/lang/Math", "ceil", "(D)D", math_ceil),
    ("java/lang/Math", "rint", "(D)D", math_rint),
    ("java/lang/Math", "fma", "(DDD)D", math_fma),
    ("java/lang/Math", "fma", "(FFF)F", math_fma_float),
    ("java/lang/StrictMath", "sqrt", "(D)D", math_sqrt),
    ("java/lang/StrictMath", "sin", "(D)D", strict_sin),
    ("java/lang/StrictMath", "cos", "(D)D", strict_cos),
    ("java/lang/StrictMath", "tan", "(D)D", strict_tan),
    ("java/lang/StrictMath", "atan", "(D)D", strict_atan),
    ("java/lang/StrictMath", "asin", "(D)D", strict_asin),
    ("java/lang/StrictMath", "acos", "(D)D", strict_acos),
    ("java/lang/StrictMath", "atan2", "(DD)D", strict_atan2),
    ("java/lang/StrictMath", "log", "(D)D", strict_log),
    ("java/lang/StrictMath", "log10", "(D)D", strict_log10),
    ("java/lang/StrictMath", "log1p", "(D)D", strict_log1p),
    ("java/lang/StrictMath", "expm1", "(D)D", strict_expm1),
    ("java/lang/StrictMath", "sinh", "(D)D", strict_sinh),
    ("java/lang/StrictMath", "cosh", "(D)D", strict_cosh),
    ("java/lang/StrictMath", "tanh", "(D)D", strict_tanh),
    ("java/lang/StrictMath", "IEEEremainder", "(DD)D", math_ieee_remainder),
];

macro_rules! math1 {
    ($name:ident, $f:expr) => {
        fn $name(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
            let f: fn(f64) -> f64 = $f;
            ret(Value::Double(f(a[0].as_double())))
        }
    };
}

// sqrt is correctly rounded everywhere (HotSpot's StrictMath.sqrt too).
math1!(math_sqrt, f64::sqrt);
math1!(math_sin, f64::sin);
math1!(math_cos, f64::cos);
math1!(math_tan, f64::tan);
math1!(math_exp, f64::exp);
math1!(math_log, f64::ln);
math1!(math_log10, f64::log10);
math1!(math_floor, f64::floor);
math1!(math_ceil, f64::ceil);
math1!(math_rint, f64::round_ties_even);
math1!(strict_sin, fdlibm::sin);
math1!(strict_cos, fdlibm::cos);
math1!(strict_tan, fdlibm::tan);
math1!(strict_atan, fdlibm::atan);
math1!(strict_asin, fdlibm::asin);
math1!(strict_acos, fdlibm::acos);
math1!(strict_log, fdlibm::log);
math1!(strict_log10, fdlibm::log10);
math1!(strict_log1p, fdlibm::log1p);
math1!(strict_expm1, fdlibm::expm1);
math1!(strict_sinh, fdlibm::sinh);
math1!(strict_cosh, fdlibm::cosh);
math1!(strict_tanh, fdlibm::tanh);

/// `Math.pow`: C's pow, except Java's `pow(x, NaN) = NaN` (even for x = 1)
/// and `pow(±1, ±Infinity) = NaN`.
fn math_pow(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (x, y) = (a[0].as_double(), a[2].as_double());
    let r = if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) {
        f64::NAN
    } else {
        x.powf(y)
    };
    ret(Value::Double(r))
}

fn strict_atan2(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Double(fdlibm::atan2(
        a[0].as_double(),
        a[2].as_double(),
    )))
}

/// `Math.fma`: a * b + c rounded once, as IEEE 754's fusedMultiplyAdd (the
/// JDK computes it exactly with BigDecimal; both are correctly rounded).
fn math_fma(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (x, y, z) = (a[0].as_double(), a[2].as_double(), a[4].as_double());
    ret(Value::Double(x.mul_add(y, z)))
}

fn math_fma_float(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let (x, y, z) = (a[0].as_float(), a[1].as_float(), a[2].as_float());
    ret(Value::Float(x.mul_add(y, z)))
}

fn math_ieee_remainder(_: &mut State, _: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    ret(Value::Double(ieee_remainder(
        a[0].as_double(),
        a[2].as_double(),
    )))
}

/// fdlibm's `__ieee754_remainder` (JDK 17's StrictMath native; JDK 21+'s
/// FdLibm.IEEEremainder): x - n * p for n the integer nearest x / p, ties
/// to even, computed exactly through fmod by 2p.
pub(crate) fn ieee_remainder(x: f64, p: f64) -> f64 {
    if p == 0.0 || !x.is_finite() || p.is_nan() {
        // fdlibm's (x*p)/(x*p): a NaN whose bits are the hardware's (or x's or p's).
        #[allow(clippy::eq_op)]
        return (x * p) / (x * p);
    }
    let negative = x.is_sign_negative();
    let p = p.abs();
    if x.abs() == p {
        return 0.0 * x;
    }
    // fmod by 2p where 2p is finite (p < 2^1023), as fdlibm.
    let mut r = if p < 2f64.powi(1023) { x % (p + p) } else { x }.abs();
    if p < 2.0 * f64::MIN_POSITIVE {
        if r + r > p {
            r -= p;
            if r + r >= p {
                r -= p;
            }
        }
    } else {
        let half = 0.5 * p;
        if r > half {
            r -= p;
            if r >= half {
                r -= p;
            }
        }
    }
    if negative { -r } else { r }
}

#[cfg(test)]
mod tests {
    use super::ieee_remainder;

    #[test]
    fn ieee_remainder_rounds_the_quotient_to_even() {
        assert_eq!(ieee_remainder(5.0, 2.0), 1.0);
        assert_eq!(ieee_remainder(7.0, 2.0), -1.0);
        assert_eq!(ieee_remainder(-7.0, 2.0), 1.0);
        assert_eq!(ieee_remainder(3.0, 2.0).to_bits(), (-1.0f64).to_bits());
        assert_eq!(ieee_remainder(-4.0, 2.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(ieee_remainder(2.5, f64::INFINITY), 2.5);
        assert!(ieee_remainder(f64::INFINITY, 2.0).is_nan());
        assert!(ieee_remainder(1.0, 0.0).is_nan());
        assert_eq!(ieee_remainder(10.0, 3.0), 1.0);
        assert_eq!(ieee_remainder(11.0, 3.0), -1.0);
    }
}
