//! atan2(y, x): atan(|y/x|) moved to the quadrant of (x, y), with the
//! signed zeros, infinities and extreme quotients settled first.

use std::f64::consts::{FRAC_PI_2 as PI_O_2, FRAC_PI_4 as PI_O_4, PI};

use super::{atan, hi, lo};

const TINY: f64 = 1.0e-300;
/// pi - PI: the part of pi a double misses.
const PI_LO: f64 = f64::from_bits(0x3ca1_a626_3314_5c07);

pub(crate) fn atan2(y: f64, x: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return x + y;
    }
    let (hx, lx) = (hi(x), lo(x));
    let (hy, ly) = (hi(y), lo(y));
    let (ix, iy) = (hx & 0x7fff_ffff, hy & 0x7fff_ffff);
    if x == 1.0 {
        return atan(y);
    }
    // m: bit 0 y's sign, bit 1 x's sign.
    let m = ((hy >> 31) & 1) | ((hx >> 30) & 2);
    if iy as u32 | ly == 0 {
        return match m {
            0 | 1 => y,
            2 => PI + TINY,
            _ => -PI - TINY,
        };
    }
    if ix as u32 | lx == 0 {
        return if hy < 0 {
            -PI_O_2 - TINY
        } else {
            PI_O_2 + TINY
        };
    }
    if ix == 0x7ff0_0000 {
        return infinite_x(m, iy == 0x7ff0_0000);
    }
    if iy == 0x7ff0_0000 {
        return if hy < 0 {
            -PI_O_2 - TINY
        } else {
            PI_O_2 + TINY
        };
    }
    let k = (iy - ix) >> 20;
    let z = if k > 60 {
        // |y/x| > 2^60.
        PI_O_2 + 0.5 * PI_LO
    } else if hx < 0 && k < -60 {
        // |y/x| < 2^-60 with x < 0: the result is ±pi.
        0.0
    } else {
        atan((y / x).abs())
    };
    match m {
        0 => z,
        1 => -z,
        2 => PI - (z - PI_LO),
        _ => (z - PI_LO) - PI,
    }
}

/// atan2 for an infinite x: y infinite too (the diagonals) or finite.
fn infinite_x(m: i32, y_infinite: bool) -> f64 {
    match (m, y_infinite) {
        (0, true) => PI_O_4 + TINY,
        (1, true) => -PI_O_4 - TINY,
        (2, true) => 3.0 * PI_O_4 + TINY,
        (_, true) => -3.0 * PI_O_4 - TINY,
        (0, false) => 0.0,
        (1, false) => -0.0,
        (2, false) => PI + TINY,
        (_, false) => -PI - TINY,
    }
}
