//! `Double.parseDouble` and `Float.parseFloat` as the JDK's
//! `FloatingDecimal.readJavaFormatString` reads text: its grammar (decimal
//! and hexadecimal, `NaN`, `Infinity`, a trailing `f`/`d`), its messages
//! (`empty String`, `multiple points`, `For input string: "..."`), and
//! correctly rounded results.

/// An IEEE binary format: precision (significand bits, the hidden one
/// included), least normal exponent, exponent bias.
#[derive(Clone, Copy)]
pub struct Format {
    precision: u32,
    min_exp: i64,
    bias: i64,
}

impl Format {
    pub fn is_float(self) -> bool {
        self.precision == FLOAT.precision
    }
}

pub const DOUBLE: Format = Format {
    precision: 53,
    min_exp: -1022,
    bias: 1023,
};
pub const FLOAT: Format = Format {
    precision: 24,
    min_exp: -126,
    bias: 127,
};

/// What `text` parses to: the value, or the `NumberFormatException`'s
/// message. A float's value is exact in the f64 returned.
pub fn parse(text: &str, f: Format) -> Result<f64, String> {
    // String.trim: every char up to ' '.
    let t = text.trim_matches(|c: char| c <= ' ');
    if t.is_empty() {
        return Err("empty String".into());
    }
    let bad = || format!("For input string: \"{t}\"");
    let b = t.as_bytes();
    let neg = b[0] == b'-';
    let i = usize::from(matches!(b[0], b'-' | b'+'));
    let rest = &t[i..];
    match rest.as_bytes().first() {
        None => return Err(bad()),
        Some(b'N') => {
            return if rest == "NaN" {
                Ok(f64::NAN)
            } else {
                Err(bad())
            };
        }
        Some(b'I') if rest == "Infinity" => return Ok(sign(f64::INFINITY, neg)),
        Some(b'I') => return Err(bad()),
        Some(b'0') if matches!(rest.as_bytes().get(1), Some(b'x' | b'X')) => {
            return hex(&rest[2..], f).map(|v| sign(v, neg)).ok_or_else(bad);
        }
        _ => {}
    }
    decimal(rest, f)?.map(|v| sign(v, neg)).ok_or_else(bad)
}

fn sign(v: f64, neg: bool) -> f64 {
    if neg { -v } else { v }
}

/// The decimal form after the sign: `Ok(None)` where the JDK says "For
/// input string", `Err` for its "multiple points".
fn decimal(s: &str, f: Format) -> Result<Option<f64>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let (mut digits, mut point) = (0, false);
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        if b[i] == b'.' {
            if point {
                return Err("multiple points".into());
            }
            point = true;
        } else {
            digits += 1;
        }
        i += 1;
    }
    if digits == 0 {
        return Ok(None);
    }
    let mantissa_end = i;
    if i < b.len() && matches!(b[i], b'e' | b'E') {
        i += 1;
        if i < b.len() && matches!(b[i], b'+' | b'-') {
            i += 1;
        }
        let at = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == at {
            return Ok(None);
        }
    }
    let end = i;
    if i < b.len() && !(i == b.len() - 1 && matches!(b[i], b'f' | b'F' | b'd' | b'D')) {
        return Ok(None);
    }
    // Rust's parsers round correctly, as the JDK's; a lone point ("5.",
    // ".5") is written out for them.
    let (m, e) = s[..end].split_at(mantissa_end);
    let lead = if m.starts_with('.') { "0" } else { "" };
    let trail = if m.ends_with('.') { "0" } else { "" };
    let num = format!("{lead}{m}{trail}{e}");
    Ok(if f.is_float() {
        num.parse::<f32>().ok().map(f64::from)
    } else {
        num.parse::<f64>().ok()
    })
}

/// The hexadecimal form after `0x`: `X+ .? | X* . X+`, then `p`, a signed
/// decimal exponent and an optional `f`/`d` (the JDK's pattern).
fn hex(s: &str, f: Format) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = 0;
    let (mut m, mut e2, mut sticky, mut any) = (0u128, 0i64, false, false);
    let mut point = false;
    while i < b.len() && (b[i].is_ascii_hexdigit() || (b[i] == b'.' && !point)) {
        if b[i] == b'.' {
            point = true;
        } else {
            any = true;
            let d = (b[i] as char).to_digit(16)? as u128;
            if m >> 120 == 0 {
                m = m << 4 | d;
                if point {
                    e2 -= 4;
                }
            } else {
                sticky |= d != 0;
                if !point {
                    e2 += 4;
                }
            }
        }
        i += 1;
    }
    if !any || i == b.len() || !matches!(b[i], b'p' | b'P') {
        return None;
    }
    i += 1;
    let neg_exp = i < b.len() && b[i] == b'-';
    if i < b.len() && matches!(b[i], b'+' | b'-') {
        i += 1;
    }
    let at = i;
    let mut exp: i64 = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        // Saturates far beyond any format's range.
        exp = (exp * 10 + i64::from(b[i] - b'0')).min(1 << 40);
        i += 1;
    }
    if i == at || (i < b.len() && !(i == b.len() - 1 && b"fFdD".contains(&b[i]))) {
        return None;
    }
    Some(round(m, e2 + if neg_exp { -exp } else { exp }, sticky, f))
}

/// `m * 2^e2` (plus a little more where `sticky`) rounded to nearest even
/// in format `f`, as an f64 (exact for a float).
pub fn round(m: u128, e2: i64, sticky: bool, f: Format) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let p = i64::from(f.precision);
    let top = e2 + 127 - i64::from(m.leading_zeros()); // m's highest bit's exponent
    if top > f.bias {
        return f64::INFINITY;
    }
    // The exponent of the result's last bit, normal or subnormal.
    let lsb = (top - (p - 1)).max(f.min_exp - (p - 1));
    let shift = lsb - e2;
    let mut q: u128 = if shift <= 0 {
        m << (-shift) as u32
    } else if shift > 128 {
        0
    } else {
        let kept = if shift == 128 { 0 } else { m >> shift as u32 };
        let rem = if shift == 128 {
            m
        } else {
            m & ((1u128 << shift as u32) - 1)
        };
        let half = 1u128 << (shift - 1) as u32;
        let up = rem > half || (rem == half && (sticky || kept & 1 == 1));
        kept + u128::from(up)
    };
    let mut lsb = lsb;
    if q >> p != 0 {
        q >>= 1;
        lsb += 1;
    }
    if lsb + (p - 1) > f.bias {
        return f64::INFINITY;
    }
    // q < 2^53 and lsb >= -1074 (double) or -149 (float): exact.
    q as f64 * pow2(lsb)
}

/// 2^e exactly, for e in the subnormal-to-normal range of f64.
fn pow2(e: i64) -> f64 {
    if e < -1022 {
        f64::from_bits(1u64 << (e + 1074))
    } else {
        f64::from_bits(((e + 1023) as u64) << 52)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_values_and_messages_are_the_jdks() {
        assert_eq!(parse("0x1p3", DOUBLE), Ok(8.0));
        assert_eq!(parse(" -0x1.8p-2d ", DOUBLE), Ok(-0.375));
        assert_eq!(parse("0x1p-1074", DOUBLE), Ok(f64::from_bits(1)));
        assert_eq!(parse("0x1p-1075", DOUBLE), Ok(0.0));
        assert_eq!(parse("0x1.8p-1074", DOUBLE), Ok(f64::from_bits(2)));
        assert_eq!(parse("0x1p1024", DOUBLE), Ok(f64::INFINITY));
        assert_eq!(parse("0x1.fffffffffffffp1023", DOUBLE), Ok(f64::MAX));
        assert_eq!(parse("0x1.00000000000008p0", DOUBLE), Ok(1.0));
        assert_eq!(
            parse("0x1.0000000000000801p0", DOUBLE),
            Ok(1.0 + f64::EPSILON)
        );
        assert_eq!(parse("0x1p-150", FLOAT), Ok(0.0));
        assert_eq!(parse("0x1.8p-149", FLOAT), Ok(f64::from(f32::from_bits(2))));
        assert_eq!(parse("", DOUBLE), Err("empty String".into()));
        assert_eq!(parse("1.2.3", DOUBLE), Err("multiple points".into()));
        assert_eq!(
            parse(" 0x ", DOUBLE),
            Err("For input string: \"0x\"".into())
        );
        assert_eq!(parse("1e", DOUBLE), Err("For input string: \"1e\"".into()));
        assert_eq!(parse("5.", DOUBLE), Ok(5.0));
        assert_eq!(parse(".5e1f", FLOAT), Ok(5.0));
    }
}
