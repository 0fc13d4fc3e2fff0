//! Argument reduction for the trigonometric functions: x = n pi/2 + (y0 + y1)
//! with |y0 + y1| <= pi/4 (a little more near the boundaries), y1 the
//! rounding error of y0. Three ranges: just past pi/4 (n = ±1), medium
//! (|x| < 2^19 pi/2: pi/2 split in 33-bit pieces, subtracted in up to three
//! rounds, as many as cancellation needs), and huge (Payne and Hanek's
//! method: only the bits of 2/pi that matter for x's exponent are used).

use std::f64::consts::FRAC_PI_2;

use super::{hi, invalid, lo, with_hi, with_lo};

/// 2/pi.
const INV_PIO2: f64 = f64::from_bits(0x3fe4_5f30_6dc9_c883);
/// pi/2 as three 33-bit pieces, and each piece's remainder (t).
const PIO2_1: f64 = f64::from_bits(0x3ff9_21fb_5440_0000);
const PIO2_1T: f64 = f64::from_bits(0x3dd0_b461_1a62_6331);
const PIO2_2: f64 = f64::from_bits(0x3dd0_b461_1a60_0000);
const PIO2_2T: f64 = f64::from_bits(0x3ba3_198a_2e03_7073);
const PIO2_3: f64 = f64::from_bits(0x3ba3_198a_2e00_0000);
const PIO2_3T: f64 = f64::from_bits(0x397b_839a_2520_49c1);
const TWO24: f64 = 16_777_216.0;
/// 2^-24.
const TWON24: f64 = f64::from_bits(0x3e70_0000_0000_0000);

/// (n, y0, y1) for x finite; n's low bits pick the quadrant.
pub(super) fn rem_pio2(x: f64) -> (i32, f64, f64) {
    let hx = hi(x);
    let ix = hx & 0x7fff_ffff;
    if ix <= 0x3fe9_21fb {
        return (0, x, 0.0);
    }
    let (n, y0, y1) = if ix < 0x4002_d97c {
        // |x| < 3pi/4: n = 1.
        near_pio2(x.abs(), ix)
    } else if ix <= 0x4139_21fb {
        medium(x.abs(), ix)
    } else if ix >= 0x7ff0_0000 {
        return (0, invalid(x), invalid(x));
    } else {
        huge(x, ix)
    };
    if hx < 0 { (-n, -y0, -y1) } else { (n, y0, y1) }
}

/// |x| - pi/2 for pi/4 < |x| < 3pi/4 (t = |x|); a third piece of pi/2
/// only right at pi/2, where the first cancels 33 bits.
fn near_pio2(t: f64, ix: i32) -> (i32, f64, f64) {
    let mut z = t - PIO2_1;
    let tail = if ix != 0x3ff9_21fb {
        PIO2_1T
    } else {
        z -= PIO2_2;
        PIO2_2T
    };
    let y0 = z - tail;
    (1, y0, (z - y0) - tail)
}

/// The medium range, t = |x| < 2^19 pi/2: n = round(t 2/pi), then
/// t - n pi/2 with more pieces of pi/2 while the result lost more bits
/// than the previous piece's precision covers.
fn medium(t: f64, ix: i32) -> (i32, f64, f64) {
    let n = (t * INV_PIO2 + 0.5) as i32;
    let fnv = f64::from(n);
    let mut r = t - fnv * PIO2_1;
    let mut w = fnv * PIO2_1T;
    let mut y0 = r - w;
    // Cancellation is possible only when t is near n pi/2 (same high word).
    if n >= 32 || ix == hi(fnv * FRAC_PI_2) {
        let j = ix >> 20;
        let lost = |y: f64| j - ((hi(y) >> 20) & 0x7ff);
        if lost(y0) > 16 {
            (r, w) = subtract_piece(r, fnv, PIO2_2, PIO2_2T);
            y0 = r - w;
            if lost(y0) > 49 {
                (r, w) = subtract_piece(r, fnv, PIO2_3, PIO2_3T);
                y0 = r - w;
            }
        }
    }
    (n, y0, (r - y0) - w)
}

/// One more round: r - n piece, and the error w still to subtract.
fn subtract_piece(t: f64, fnv: f64, piece: f64, tail: f64) -> (f64, f64) {
    let w = fnv * piece;
    let r = t - w;
    (r, fnv * tail - ((t - r) - w))
}

/// |x| >= 2^19 pi/2: |x| as up to three 24-bit integer digits times
/// 2^e0, reduced by the digits of 2/pi.
fn huge(x: f64, ix: i32) -> (i32, f64, f64) {
    // z = |x| 2^-e0, in [2^23, 2^24).
    let e0 = (ix >> 20) - 1046;
    let mut z = with_lo(with_hi(0.0, ix - (e0 << 20)), lo(x));
    let mut tx = [0.0; 3];
    for digit in tx.iter_mut().take(2) {
        *digit = f64::from(z as i32);
        z = (z - *digit) * TWO24;
    }
    tx[2] = z;
    let mut nx = 3;
    while tx[nx - 1] == 0.0 {
        nx -= 1;
    }
    kernel_rem_pio2(&tx[..nx], e0)
}

/// 2/pi in 24-bit digits, most significant first: 1584 bits, enough for
/// any double's exponent (computed from pi to 500 decimal places).
#[rustfmt::skip]
const TWO_OVER_PI: [i32; 66] = [
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C,
    0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A, 0x424DD2, 0xE00649,
    0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5, 0x2EBB44,
    0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B,
    0xBDF928, 0x3B1FF8, 0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D,
    0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
    0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330,
    0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E, 0xE61B08,
    0x659985, 0x5F14A0, 0x68408D, 0xFFD880, 0x4D7327, 0x310606, 0x1556CA,
    0x73A8C9, 0x60E27B, 0xC08C6B,
];

/// pi/2 in pieces of 24 bits each (the leading bits of each piece's
/// remainder).
const PIO2_24: [f64; 8] = [
    f64::from_bits(0x3ff9_21fb_4000_0000),
    f64::from_bits(0x3e74_442d_0000_0000),
    f64::from_bits(0x3cf8_4698_8000_0000),
    f64::from_bits(0x3b78_cc51_6000_0000),
    f64::from_bits(0x39f0_1b83_8000_0000),
    f64::from_bits(0x387a_2520_4000_0000),
    f64::from_bits(0x36e3_8222_8000_0000),
    f64::from_bits(0x3569_f31d_0000_0000),
];

/// Terms of x 2/pi computed beyond the integer part (for a double result:
/// 4, about 96 bits, grown when they cancel).
const JK: usize = 4;

/// The state of Payne-Hanek's reduction: the product x 2/pi in floating
/// pieces (q), and its fraction as 24-bit integer digits (iq).
struct Product<'a> {
    x: &'a [f64],
    /// The digits of 2/pi that x's exponent needs, aligned with x's.
    f: [f64; 20],
    q: [f64; 20],
    iq: [i32; 20],
    jv: usize,
    jz: usize,
    q0: i32,
}

impl Product<'_> {
    /// q[i] = sum over x's digits of x[j] f[jx + i - j].
    fn term(&mut self, i: usize) {
        let jx = self.x.len() - 1;
        let mut fw = 0.0;
        for (j, xj) in self.x.iter().enumerate() {
            fw += xj * self.f[jx + i - j];
        }
        self.q[i] = fw;
    }

    /// Splits q[0..=jz] into 24-bit digits iq (least significant last),
    /// leaving the integer part and the leading fraction in z.
    fn digits(&mut self) -> f64 {
        let mut z = self.q[self.jz];
        for (i, j) in (1..=self.jz).rev().enumerate() {
            let fw = f64::from((TWON24 * z) as i32);
            self.iq[i] = (z - TWO24 * fw) as i32;
            z = self.q[j - 1] + fw;
        }
        z
    }
}

/// Payne and Hanek's reduction of x = sum x[i] 2^(e0 - 24 i) (24-bit
/// integer digits): (n mod 8, y0, y1).
fn kernel_rem_pio2(x: &[f64], e0: i32) -> (i32, f64, f64) {
    let jx = x.len() - 1;
    let jv = ((e0 - 3) / 24).max(0) as usize;
    let mut p = Product {
        x,
        f: [0.0; 20],
        q: [0.0; 20],
        iq: [0; 20],
        jv,
        jz: JK,
        q0: e0 - 24 * (jv as i32 + 1),
    };
    for i in 0..=jx + JK {
        let j = (jv + i) as i64 - jx as i64;
        p.f[i] = if j < 0 {
            0.0
        } else {
            f64::from(TWO_OVER_PI[j as usize])
        };
    }
    for i in 0..=JK {
        p.term(i);
    }
    let (n, z, ih) = loop {
        let (n, z, ih) = integer_part(&mut p);
        if z == 0.0 && !more_terms(&mut p) {
            continue;
        }
        break (n, z, ih);
    };
    let jz = normalise(&mut p, z);
    // The fraction times pi/2, term by term, least significant first.
    let mut q = [0.0; 20];
    let mut fw = libm::scalbn(1.0, p.q0);
    for i in (0..=jz).rev() {
        q[i] = fw * f64::from(p.iq[i]);
        fw *= TWON24;
    }
    let mut fq = [0.0; 20];
    for i in (0..=jz).rev() {
        let mut fw = 0.0;
        for k in 0..=JK.min(jz - i) {
            fw += PIO2_24[k] * q[i + k];
        }
        fq[jz - i] = fw;
    }
    let mut fw = 0.0;
    for v in fq[..=jz].iter().rev() {
        fw += v;
    }
    let y0 = if ih == 0 { fw } else { -fw };
    let mut fw = fq[0] - fw;
    for v in &fq[1..=jz] {
        fw += v;
    }
    let y1 = if ih == 0 { fw } else { -fw };
    (n & 7, y0, y1)
}

/// n mod 8 from the product's integer part, the fraction's leading part z,
/// and ih: 0 when the fraction is below 1/2; else the fraction was replaced
/// by 1 - fraction (n one more) and ih > 0.
fn integer_part(p: &mut Product) -> (i32, f64, i32) {
    let jz = p.jz;
    let q0 = p.q0;
    let mut z = libm::scalbn(p.digits(), q0);
    z -= 8.0 * (z * 0.125).floor();
    let mut n = z as i32;
    z -= f64::from(n);
    let mut ih = 0;
    if q0 > 0 {
        // The last digit holds some integer bits: move them to n.
        let i = p.iq[jz - 1] >> (24 - q0);
        n += i;
        p.iq[jz - 1] -= i << (24 - q0);
        ih = p.iq[jz - 1] >> (23 - q0);
    } else if q0 == 0 {
        ih = p.iq[jz - 1] >> 23;
    } else if z >= 0.5 {
        ih = 2;
    }
    if ih > 0 {
        n += 1;
        let mut carry = false;
        for d in p.iq[..jz].iter_mut() {
            if carry {
                *d = 0xff_ffff - *d;
            } else if *d != 0 {
                carry = true;
                *d = 0x100_0000 - *d;
            }
        }
        match q0 {
            1 => p.iq[jz - 1] &= 0x7f_ffff,
            2 => p.iq[jz - 1] &= 0x3f_ffff,
            _ => {}
        }
        if ih == 2 {
            z = 1.0 - z;
            if carry {
                z -= libm::scalbn(1.0, q0);
            }
        }
    }
    (n, z, ih)
}

/// When the fraction computed so far is zero to the last digit, adds the
/// terms needed and says false (compute again); true when it is not.
fn more_terms(p: &mut Product) -> bool {
    let jz = p.jz;
    if p.iq[JK..jz].iter().any(|&d| d != 0) {
        return true;
    }
    let mut k = 1;
    while p.iq[JK - k] == 0 {
        k += 1;
    }
    let jx = p.x.len() - 1;
    for i in jz + 1..=jz + k {
        p.f[jx + i] = f64::from(TWO_OVER_PI[p.jv + i]);
        p.term(i);
    }
    p.jz += k;
    false
}

/// Drops the fraction's zero trailing digits, or stores z's bits as its
/// last digit(s); returns the index of the last digit.
fn normalise(p: &mut Product, z: f64) -> usize {
    let mut jz = p.jz;
    if z == 0.0 {
        jz -= 1;
        p.q0 -= 24;
        while p.iq[jz] == 0 {
            jz -= 1;
            p.q0 -= 24;
        }
    } else {
        let z = libm::scalbn(z, -p.q0);
        if z >= TWO24 {
            let fw = f64::from((TWON24 * z) as i32);
            p.iq[jz] = (z - TWO24 * fw) as i32;
            jz += 1;
            p.q0 += 24;
            p.iq[jz] = fw as i32;
        } else {
            p.iq[jz] = z as i32;
        }
    }
    jz
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_of_pi_over_2_sum_to_it() {
        assert_eq!(PIO2_1 + PIO2_1T, FRAC_PI_2);
        assert_eq!(PIO2_24.iter().rev().sum::<f64>(), FRAC_PI_2);
        assert_eq!(hi(3.0 * FRAC_PI_2), 0x4012_d97c);
    }

    #[test]
    fn reduction_of_a_huge_argument_leaves_a_small_remainder() {
        let (n, y0, y1) = rem_pio2(1e300);
        assert!(y0.abs() <= std::f64::consts::FRAC_PI_4 * 1.01 && y1.abs() < 1e-16);
        assert!((0..8).contains(&n.rem_euclid(8)));
    }
}
