//! sinh, cosh and tanh through expm1 (small arguments, where e^x - 1
//! loses no bits) and exp (large ones); past ln(MAX_VALUE) e^(|x|/2)
//! squared, so that the result overflows only when it must.

use super::{exp, expm1, hi, lo};

/// The high and low words of the largest x whose cosh or sinh is finite.
const OVERFLOW_HI: i32 = 0x4086_33ce;
const OVERFLOW_LO: u32 = 0x8fb9_f87d;

/// |x| < the overflow threshold (ix: |x|'s high word).
fn below_overflow(x: f64, ix: i32) -> bool {
    ix < OVERFLOW_HI || (ix == OVERFLOW_HI && lo(x) <= OVERFLOW_LO)
}

pub(crate) fn sinh(x: f64) -> f64 {
    const SHUGE: f64 = 1.0e307;
    let jx = hi(x);
    let ix = jx & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        return x + x;
    }
    let h = if jx < 0 { -0.5 } else { 0.5 };
    if ix < 0x4036_0000 {
        // |x| < 22.
        if ix < 0x3e30_0000 {
            // |x| < 2^-28: sinh x rounds to x.
            return x;
        }
        let t = expm1(x.abs());
        if ix < 0x3ff0_0000 {
            return h * (2.0 * t - t * t / (t + 1.0));
        }
        return h * (t + t / (t + 1.0));
    }
    if ix < 0x4086_2e42 {
        // |x| < ln(MAX_VALUE).
        return h * exp(x.abs());
    }
    if below_overflow(x, ix) {
        let w = exp(0.5 * x.abs());
        let t = h * w;
        return t * w;
    }
    x * SHUGE
}

pub(crate) fn cosh(x: f64) -> f64 {
    const HUGE: f64 = 1.0e300;
    let ix = hi(x) & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        return x * x;
    }
    if ix < 0x3fd6_2e43 {
        // |x| < ln(2)/2: 1 + (e^|x| - 1)^2 / (2 e^|x|).
        let t = expm1(x.abs());
        let w = 1.0 + t;
        if ix < 0x3c80_0000 {
            return w;
        }
        return 1.0 + (t * t) / (w + w);
    }
    if ix < 0x4036_0000 {
        // |x| < 22.
        let t = exp(x.abs());
        return 0.5 * t + 0.5 / t;
    }
    if ix < 0x4086_2e42 {
        return 0.5 * exp(x.abs());
    }
    if below_overflow(x, ix) {
        let w = exp(0.5 * x.abs());
        let t = 0.5 * w;
        return t * w;
    }
    HUGE * HUGE
}

pub(crate) fn tanh(x: f64) -> f64 {
    const TINY: f64 = 1.0e-300;
    let jx = hi(x);
    let ix = jx & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        // ±1 for ±inf; a NaN stays one.
        return if jx >= 0 {
            1.0 / x + 1.0
        } else {
            1.0 / x - 1.0
        };
    }
    let z = if ix < 0x4036_0000 {
        // |x| < 22.
        if ix < 0x3c80_0000 {
            // |x| < 2^-55.
            return x * (1.0 + x);
        }
        if ix >= 0x3ff0_0000 {
            let t = expm1(2.0 * x.abs());
            1.0 - 2.0 / (t + 2.0)
        } else {
            let t = expm1(-2.0 * x.abs());
            -t / (t + 2.0)
        }
    } else {
        1.0 - TINY
    };
    if jx >= 0 { z } else { -z }
}
