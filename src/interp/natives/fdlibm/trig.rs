//! Sine, cosine and tangent: reduce the argument to `[-pi/4, pi/4]` as a
//! sum of two doubles (`rem_pio2`), then evaluate a polynomial kernel on it.

use super::rem_pio2::rem_pio2;
use super::{hi, invalid, lo, with_lo};

/// High word of pi/4 (rounded down): below it no reduction is needed.
const PIO4_HI: i32 = 0x3fe9_21fb;

pub(crate) fn sin(x: f64) -> f64 {
    let ix = hi(x) & 0x7fff_ffff;
    if ix <= PIO4_HI {
        return kernel_sin(x, 0.0, false);
    }
    if ix >= 0x7ff0_0000 {
        return invalid(x);
    }
    let (n, y0, y1) = rem_pio2(x);
    match n & 3 {
        0 => kernel_sin(y0, y1, true),
        1 => kernel_cos(y0, y1),
        2 => -kernel_sin(y0, y1, true),
        _ => -kernel_cos(y0, y1),
    }
}

pub(crate) fn cos(x: f64) -> f64 {
    let ix = hi(x) & 0x7fff_ffff;
    if ix <= PIO4_HI {
        return kernel_cos(x, 0.0);
    }
    if ix >= 0x7ff0_0000 {
        return invalid(x);
    }
    let (n, y0, y1) = rem_pio2(x);
    match n & 3 {
        0 => kernel_cos(y0, y1),
        1 => -kernel_sin(y0, y1, true),
        2 => -kernel_cos(y0, y1),
        _ => kernel_sin(y0, y1, true),
    }
}

pub(crate) fn tan(x: f64) -> f64 {
    let ix = hi(x) & 0x7fff_ffff;
    if ix <= PIO4_HI {
        return kernel_tan(x, 0.0, true);
    }
    if ix >= 0x7ff0_0000 {
        return invalid(x);
    }
    let (n, y0, y1) = rem_pio2(x);
    // An odd quadrant gives -1/tan of the reduced argument.
    kernel_tan(y0, y1, n & 1 == 0)
}

/// sin(x + y) for |x| <= pi/4, y the tail of x (used only when `tail`):
/// an odd degree-13 polynomial, x + x^3 (S1 + x^2 (S2 + ...)).
fn kernel_sin(x: f64, y: f64, tail: bool) -> f64 {
    const S1: f64 = f64::from_bits(0xbfc5_5555_5555_5549);
    const S2: f64 = f64::from_bits(0x3f81_1111_1110_f8a6);
    const S3: f64 = f64::from_bits(0xbf2a_01a0_19c1_61d5);
    const S4: f64 = f64::from_bits(0x3ec7_1de3_57b1_fe7d);
    const S5: f64 = f64::from_bits(0xbe5a_e5e6_8a2b_9ceb);
    const S6: f64 = f64::from_bits(0x3de5_d93a_5acf_d57c);
    if hi(x) & 0x7fff_ffff < 0x3e40_0000 {
        // |x| < 2^-27: sin x rounds to x.
        return x;
    }
    let z = x * x;
    let v = z * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if tail {
        x - ((z * (0.5 * y - v * r) - y) - v * S1)
    } else {
        x + v * (S1 + z * r)
    }
}

/// cos(x + y) for |x| <= pi/4: 1 - x^2/2 + x^4 (C1 + x^2 (C2 + ...)), with
/// the subtraction from 1 split for |x| >= 0.3 so that it stays exact.
fn kernel_cos(x: f64, y: f64) -> f64 {
    const C1: f64 = f64::from_bits(0x3fa5_5555_5555_554c);
    const C2: f64 = f64::from_bits(0xbf56_c16c_16c1_5177);
    const C3: f64 = f64::from_bits(0x3efa_01a0_19cb_1590);
    const C4: f64 = f64::from_bits(0xbe92_7e4f_809c_52ad);
    const C5: f64 = f64::from_bits(0x3e21_ee9e_bdb4_b1c4);
    const C6: f64 = f64::from_bits(0xbda8_fae9_be88_38d4);
    let ix = hi(x) & 0x7fff_ffff;
    if ix < 0x3e40_0000 {
        // |x| < 2^-27: cos x rounds to 1.
        return 1.0;
    }
    let z = x * x;
    let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if ix < 0x3fd3_3333 {
        return 1.0 - (0.5 * z - (z * r - x * y));
    }
    // qx: |x|/4 cut to its high word (0.28125 above 0.78125). 1 - qx is
    // exact, and taking qx from x^2/2 first keeps the last rounding small.
    let qx = if ix > 0x3fe9_0000 {
        0.28125
    } else {
        f64::from_bits(u64::from((ix - 0x0020_0000) as u32) << 32)
    };
    let hz = 0.5 * z - qx;
    let a = 1.0 - qx;
    a - (hz - (z * r - x * y))
}

/// tan(x + y) for |x| <= pi/4 when `direct`, else -1/tan(x + y). Above
/// 0.6744 it evaluates tan(pi/4 - |x|) and maps it back, where the series
/// converges fast.
fn kernel_tan(x: f64, y: f64, direct: bool) -> f64 {
    const T: [f64; 13] = [
        f64::from_bits(0x3fd5_5555_5555_5563),
        f64::from_bits(0x3fc1_1111_1110_fe7a),
        f64::from_bits(0x3fab_a1ba_1bb3_41fe),
        f64::from_bits(0x3f96_64f4_8406_d637),
        f64::from_bits(0x3f82_26e3_e96e_8493),
        f64::from_bits(0x3f6d_6d22_c956_0328),
        f64::from_bits(0x3f57_dbc8_fee0_8315),
        f64::from_bits(0x3f43_44d8_f2f2_6501),
        f64::from_bits(0x3f30_26f7_1a8d_1068),
        f64::from_bits(0x3f14_7e88_a037_92a6),
        f64::from_bits(0x3f12_b80f_32f0_a7e9),
        f64::from_bits(0xbef3_75cb_db60_5373),
        f64::from_bits(0x3efb_2a70_74bf_7ad4),
    ];
    const PIO4: f64 = std::f64::consts::FRAC_PI_4;
    const PIO4_LO: f64 = f64::from_bits(0x3c81_a626_3314_5c07);
    let hx = hi(x);
    let ix = hx & 0x7fff_ffff;
    if ix < 0x3e30_0000 {
        // |x| < 2^-28.
        return tiny_tan(x, y, ix, direct);
    }
    let (mut x, mut y) = (x, y);
    let big = ix >= 0x3fe5_9428;
    if big {
        if hx < 0 {
            x = -x;
            y = -y;
        }
        let z = PIO4 - x;
        let w = PIO4_LO - y;
        x = z + w;
        y = 0.0;
    }
    let z = x * x;
    let w = z * z;
    // Odd and even terms apart, to shorten the dependency chain.
    let mut r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
    let v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
    let s = z * x;
    r = y + z * (s * (r + v) + y);
    r += T[0] * s;
    let w = x + r;
    if big {
        let v = if direct { 1.0 } else { -1.0 };
        let sign = f64::from(1 - ((hx >> 30) & 2));
        return sign * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if direct {
        w
    } else {
        neg_recip(w, r - (w_hi(w) - x))
    }
}

/// tan(x + y) or -1/tan(x + y) for |x| < 2^-28, where tan x = x.
fn tiny_tan(x: f64, y: f64, ix: i32, direct: bool) -> f64 {
    if (ix as u32 | lo(x)) == 0 && !direct {
        // -1/tan(±0): an infinity of the sign fdlibm gives.
        return 1.0 / x.abs();
    }
    if direct {
        return x;
    }
    let w = x + y;
    neg_recip(w, y - (w_hi(w) - x))
}

/// w with its low word cleared (its high half, exactly representable).
fn w_hi(w: f64) -> f64 {
    with_lo(w, 0)
}

/// -1/w accurately, for w = z + v where z is w's high half: one Newton
/// step from the high half of the quotient.
fn neg_recip(w: f64, v: f64) -> f64 {
    let z = w_hi(w);
    let a = -1.0 / w;
    let t = with_lo(a, 0);
    let s = 1.0 + t * z;
    t + a * (s + t * v)
}
