//! Natural logarithm, log10 and log1p. log writes x = 2^k (1 + f) with
//! sqrt(2)/2 < 1 + f < sqrt(2), then log(1 + f) = 2s + s R(s^2) for
//! s = f / (2 + f), R a degree-14 polynomial in s (a Remez fit).

use super::{hi, invalid, lo, with_hi};

const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
const TWO54: f64 = 1.801_439_850_948_198_4e+16;
/// 1/3 and 2/3 rounded down (the short series' coefficients).
const THIRD: f64 = f64::from_bits(0x3fd5_5555_5555_5555);
const TWO_THIRDS: f64 = f64::from_bits(0x3fe5_5555_5555_5555);
/// R's coefficients: R(z) = L1 z + L2 z^2 + ... + L7 z^7, z = s^2.
const L: [f64; 7] = [
    f64::from_bits(0x3fe5_5555_5555_5593),
    f64::from_bits(0x3fd9_9999_9997_fa04),
    f64::from_bits(0x3fd2_4924_9422_9359),
    f64::from_bits(0x3fcc_71c5_1d8e_78af),
    f64::from_bits(0x3fc7_4664_96cb_03de),
    f64::from_bits(0x3fc3_9a09_d078_c69f),
    f64::from_bits(0x3fc2_f112_df3e_5244),
];

/// log(±0) = -inf and log(negative) = NaN, computed as fdlibm does (the
/// NaN is the hardware's default one).
fn zero_or_negative(x: f64) -> f64 {
    if x == 0.0 { -TWO54 / 0.0 } else { invalid(x) }
}

/// x as 2^k times a number of x's high word `hx` (a subnormal scaled into
/// the normal range first): `(x, hx, k)`; or the result of log and log10
/// for ±0, negatives, infinities and NaN.
fn split(x: f64) -> Result<(f64, i32, i32), f64> {
    let (mut x, mut hx) = (x, hi(x));
    let mut k = 0;
    if hx < 0x0010_0000 {
        if (hx & 0x7fff_ffff) as u32 | lo(x) == 0 || hx < 0 {
            return Err(zero_or_negative(x));
        }
        k -= 54;
        x *= TWO54;
        hx = hi(x);
    }
    if hx >= 0x7ff0_0000 {
        return Err(x + x);
    }
    Ok((x, hx, k + (hx >> 20) - 1023))
}

pub(crate) fn log(x: f64) -> f64 {
    let (mut x, mut hx, mut k) = match split(x) {
        Ok(parts) => parts,
        Err(special) => return special,
    };
    hx &= 0x000f_ffff;
    // i: 0x100000 when the mantissa exceeds sqrt(2); then x/2 is taken.
    let i = (hx + 0x95f64) & 0x10_0000;
    x = with_hi(x, hx | (i ^ 0x3ff0_0000));
    k += i >> 20;
    let f = x - 1.0;
    let dk = f64::from(k);
    if (0x000f_ffff & (2 + hx)) < 3 {
        // |f| < 2^-20: three terms of the series.
        if f == 0.0 {
            return if k == 0 {
                0.0
            } else {
                dk * LN2_HI + dk * LN2_LO
            };
        }
        let r = f * f * (0.5 - THIRD * f);
        return if k == 0 {
            f - r
        } else {
            dk * LN2_HI - ((r - dk * LN2_LO) - f)
        };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let t1 = w * (L[1] + w * (L[3] + w * L[5]));
    let t2 = z * (L[0] + w * (L[2] + w * (L[4] + w * L[6])));
    let r = t2 + t1;
    // Far from 1 (f outside about [-0.24, 0.42]) f^2/2 is subtracted apart.
    let far = ((hx - 0x6147a) | (0x6b851 - hx)) > 0;
    match (far, k == 0) {
        (true, true) => {
            let hfsq = 0.5 * f * f;
            f - (hfsq - s * (hfsq + r))
        }
        (true, false) => {
            let hfsq = 0.5 * f * f;
            dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
        }
        (false, true) => f - s * (f - r),
        (false, false) => dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f),
    }
}

/// log10(x) = k log10(2) + log(m)/ln(10) for x = 2^k m, m in [1, 2)
/// (k rounded so that m's logarithm has x's sign when k < 0).
pub(crate) fn log10(x: f64) -> f64 {
    const IVLN10: f64 = f64::from_bits(0x3fdb_cb7b_1526_e50e);
    const LOG10_2HI: f64 = f64::from_bits(0x3fd3_4413_509f_6000);
    const LOG10_2LO: f64 = f64::from_bits(0x3d59_fef3_11f1_2b36);
    let (mut x, mut hx, k) = match split(x) {
        Ok(parts) => parts,
        Err(special) => return special,
    };
    let i = ((k as u32) >> 31) as i32;
    hx = (hx & 0x000f_ffff) | ((0x3ff - i) << 20);
    let y = f64::from(k + i);
    x = with_hi(x, hx);
    let z = y * LOG10_2LO + IVLN10 * log(x);
    z + y * LOG10_2HI
}

/// log(1 + x): 1 + x = 2^k (1 + f) as log's, with the rounding error of
/// 1 + x carried as a correction c.
pub(crate) fn log1p(x: f64) -> f64 {
    let hx = hi(x);
    let ax = hx & 0x7fff_ffff;
    if hx < 0x3fda_827a {
        // x < 0.41422.
        if ax >= 0x3ff0_0000 {
            // x <= -1.
            return if x == -1.0 { -TWO54 / 0.0 } else { invalid(x) };
        }
        if ax < 0x3e20_0000 {
            // |x| < 2^-29.
            return if ax < 0x3c90_0000 { x } else { x - x * x * 0.5 };
        }
        if hx > 0 || hx <= 0xbfd2_bec3_u32 as i32 {
            // -0.2929 < x < 0.41422: f = x directly.
            return log1p_series(x, 0, 0.0, 1);
        }
    }
    if hx >= 0x7ff0_0000 {
        return x + x;
    }
    let (mut u, c) = if hx < 0x4340_0000 {
        let u = 1.0 + x;
        let k = (hi(u) >> 20) - 1023;
        let c = if k > 0 { 1.0 - (u - x) } else { x - (u - 1.0) };
        (u, c / u)
    } else {
        // x >= 2^53: 1 + x is x.
        (x, 0.0)
    };
    let mut hu = hi(u);
    let mut k = (hu >> 20) - 1023;
    hu &= 0x000f_ffff;
    if hu < 0x6a09e {
        u = with_hi(u, hu | 0x3ff0_0000);
    } else {
        k += 1;
        u = with_hi(u, hu | 0x3fe0_0000);
        hu = (0x0010_0000 - hu) >> 2;
    }
    log1p_series(u - 1.0, k, c, hu)
}

/// k ln2 + log(1 + f) + c; hu = 0 says |f| < 2^-20 (a short series).
fn log1p_series(f: f64, k: i32, c: f64, hu: i32) -> f64 {
    let dk = f64::from(k);
    let hfsq = 0.5 * f * f;
    if hu == 0 {
        if f == 0.0 {
            return if k == 0 {
                0.0
            } else {
                dk * LN2_HI + (c + dk * LN2_LO)
            };
        }
        let r = hfsq * (1.0 - TWO_THIRDS * f);
        return if k == 0 {
            f - r
        } else {
            dk * LN2_HI - ((r - (dk * LN2_LO + c)) - f)
        };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let r = z * (L[0] + z * (L[1] + z * (L[2] + z * (L[3] + z * (L[4] + z * (L[5] + z * L[6]))))));
    if k == 0 {
        f - (hfsq - s * (hfsq + r))
    } else {
        dk * LN2_HI - ((hfsq - (s * (hfsq + r) + (dk * LN2_LO + c))) - f)
    }
}
