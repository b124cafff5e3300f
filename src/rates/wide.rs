//! [`Wide`]: non-negative binary floating-point numbers with a fixed
//! 128-bit mantissa and every operation rounded in a chosen direction, the
//! allocation-free sibling of [`Dyadic`] for enclosures that need no more
//! than about 120 working bits.
//!
//! A `Wide` is `man * 2^exp` with `man` either 0 or in `[2^127, 2^128)`.
//! Every operation first forms its exact result (in 256 bits, with a
//! sticky flag for anything shifted out below them) and then rounds it to
//! 128 bits: [`Dir::Down`] truncates, never above the exact result;
//! [`Dir::Up`] adds one unit of the last place when anything was cut off,
//! never below it. The relative error of each rounding is below `2^-127`.
//! As with [`Dyadic`], every operation is monotone in its inputs (adding,
//! multiplying, dividing non-negative numbers by positive ones), so a chain
//! of lower bounds rounded down is a lower bound of the exact chain, and
//! likewise upwards. Exponents are `i64`: the rates met here are above
//! `2^-(2^40)`, far inside that range.

use std::cmp::Ordering;

use num_bigint::BigUint;

use super::dyadic::{Dir, Dyadic};

/// A non-negative number `man * 2^exp` with a normalised 128-bit mantissa.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wide {
    man: u128,
    exp: i64,
}

const TOP: u128 = 1 << 127;
const LOW64: u128 = u64::MAX as u128;

impl Wide {
    /// Zero.
    pub(crate) const ZERO: Wide = Wide { man: 0, exp: 0 };

    /// A whole number, exactly.
    pub(crate) fn from_u64(v: u64) -> Wide {
        Self::from_u128(u128::from(v))
    }

    /// A whole number, exactly.
    fn from_u128(v: u128) -> Wide {
        if v == 0 {
            return Self::ZERO;
        }
        let lz = v.leading_zeros();
        Wide {
            man: v << lz,
            exp: -i64::from(lz),
        }
    }

    /// One.
    pub(crate) fn one() -> Wide {
        Self::from_u64(1)
    }

    /// Whether this is zero.
    pub(crate) fn is_zero(self) -> bool {
        self.man == 0
    }

    /// `self * 2^by`, exactly.
    pub(crate) fn shifted(self, by: i64) -> Wide {
        if self.is_zero() {
            return self;
        }
        Wide {
            man: self.man,
            exp: self.exp + by,
        }
    }

    /// An upper bound on `log2` of this number (`exp + 128`, at most one
    /// above the logarithm), or `None` for zero.
    pub(crate) fn log2_ceil(self) -> Option<i64> {
        (!self.is_zero()).then_some(self.exp + 128)
    }

    /// The same value as a [`Dyadic`], exactly.
    pub(crate) fn to_dyadic(self) -> Dyadic {
        if self.is_zero() {
            return Dyadic::zero();
        }
        Dyadic::from_parts(BigUint::from(self.man), i128::from(self.exp))
    }

    /// `(hi * 2^128 + lo) * 2^exp`, plus something in `(0, 2^exp)` when
    /// `sticky`, rounded to 128 bits in `dir`.
    fn round256(hi: u128, lo: u128, exp: i64, sticky: bool, dir: Dir) -> Wide {
        if hi == 0 && lo == 0 {
            return match (sticky, dir) {
                (true, Dir::Up) => Wide {
                    man: TOP,
                    exp: exp - 127,
                },
                _ => Self::ZERO,
            };
        }
        let lz = if hi != 0 {
            hi.leading_zeros()
        } else {
            128 + lo.leading_zeros()
        };
        let (hi, lo) = shl256(hi, lo, lz);
        let exp = exp + 128 - i64::from(lz);
        let inexact = lo != 0 || sticky;
        match (inexact, dir) {
            (true, Dir::Up) => match hi.checked_add(1) {
                Some(man) => Wide { man, exp },
                None => Wide {
                    man: TOP,
                    exp: exp + 1,
                },
            },
            _ => Wide { man: hi, exp },
        }
    }

    /// `self * other`.
    pub(crate) fn mul(self, other: Wide, dir: Dir) -> Wide {
        if self.is_zero() || other.is_zero() {
            return Self::ZERO;
        }
        let (a1, a0) = (self.man >> 64, self.man & LOW64);
        let (b1, b0) = (other.man >> 64, other.man & LOW64);
        let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        let mid = (p00 >> 64) + (p01 & LOW64) + (p10 & LOW64);
        let lo = (p00 & LOW64) | (mid << 64);
        let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
        Self::round256(hi, lo, self.exp + other.exp, false, dir)
    }

    /// `self * v`.
    pub(crate) fn mul_u64(self, v: u64, dir: Dir) -> Wide {
        if self.is_zero() || v == 0 {
            return Self::ZERO;
        }
        let v = u128::from(v);
        let (p0, p1) = ((self.man & LOW64) * v, (self.man >> 64) * v);
        let (lo, carry) = p0.overflowing_add(p1 << 64);
        let hi = (p1 >> 64) + u128::from(carry);
        Self::round256(hi, lo, self.exp, false, dir)
    }

    /// `other` aligned below `self` (whose exponent is at least as large):
    /// its 256-bit window at `self`'s scale, and whether bits fell off.
    fn window(self, other: Wide) -> (u128, u128, bool) {
        let d = (self.exp - other.exp) as u64;
        match d {
            0 => (other.man, 0, false),
            1..=127 => (other.man >> d, other.man << (128 - d), false),
            128 => (0, other.man, false),
            129..=255 => (0, other.man >> (d - 128), other.man << (256 - d) != 0),
            _ => (0, 0, true),
        }
    }

    /// `self + other`.
    pub(crate) fn add(self, other: Wide, dir: Dir) -> Wide {
        if other.is_zero() {
            return self;
        }
        if self.is_zero() {
            return other;
        }
        let (x, y) = if self.exp >= other.exp {
            (self, other)
        } else {
            (other, self)
        };
        let (y_hi, mut lo, mut sticky) = x.window(y);
        let (mut hi, carry) = x.man.overflowing_add(y_hi);
        let mut exp = x.exp - 128;
        if carry {
            sticky |= lo & 1 == 1;
            lo = (lo >> 1) | (hi << 127);
            hi = (hi >> 1) | TOP;
            exp += 1;
        }
        Self::round256(hi, lo, exp, sticky, dir)
    }

    /// `self - other`, or 0 when `other` is not smaller (as [`Dyadic::sub`]).
    pub(crate) fn sub(self, other: Wide, dir: Dir) -> Wide {
        if other.is_zero() {
            return self;
        }
        if self.cmp_value(other) != Ordering::Greater {
            return Self::ZERO;
        }
        // self > other > 0, so self's exponent is at least other's.
        let (y_hi, y_lo, sticky) = self.window(other);
        let (mut lo, borrow) = 0u128.overflowing_sub(y_lo);
        let mut hi = self.man - y_hi - u128::from(borrow);
        if sticky && dir == Dir::Down {
            // The exact `other` is a little above its window: one more
            // unit off keeps the difference below the exact one.
            let (l, b) = lo.overflowing_sub(1);
            lo = l;
            hi -= u128::from(b);
        }
        Self::round256(hi, lo, self.exp - 128, false, dir)
    }

    /// `self / other` (`other` positive).
    pub(crate) fn div(self, other: Wide, dir: Dir) -> Wide {
        if self.is_zero() {
            return Self::ZERO;
        }
        let (a, b) = (self.man, other.man);
        // Quotient bits one at a time, 128 of them with the first set:
        // `a / b` lies in (1/2, 2).
        let (mut q, mut rem, rounds, exp) = if a >= b {
            (1u128, a - b, 127, self.exp - other.exp - 127)
        } else {
            (0u128, a, 128, self.exp - other.exp - 128)
        };
        for _ in 0..rounds {
            let carry = rem >> 127 == 1;
            rem <<= 1;
            q <<= 1;
            if carry || rem >= b {
                rem = rem.wrapping_sub(b);
                q |= 1;
            }
        }
        Self::round256(0, q, exp, rem != 0, dir)
    }

    /// `self^e`, by squaring (every step rounded in `dir`).
    pub(crate) fn pow(self, e: u64, dir: Dir) -> Wide {
        if e == 0 {
            return Self::one();
        }
        let top = 63 - e.leading_zeros();
        let mut acc = self;
        for bit in (0..top).rev() {
            acc = acc.mul(acc, dir);
            if (e >> bit) & 1 == 1 {
                acc = acc.mul(self, dir);
            }
        }
        acc
    }

    /// Orders two values.
    pub(crate) fn cmp_value(self, other: Wide) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self
                .exp
                .cmp(&other.exp)
                .then_with(|| self.man.cmp(&other.man)),
        }
    }
}

/// `(hi, lo) << s` for `s < 256`.
fn shl256(hi: u128, lo: u128, s: u32) -> (u128, u128) {
    match s {
        0 => (hi, lo),
        1..=127 => ((hi << s) | (lo >> (128 - s)), lo << s),
        _ => (lo << (s - 128), 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;
    use num_traits::Zero;

    fn ratio(w: Wide) -> BigRational {
        w.to_dyadic().to_ratio().unwrap_or_else(|| panic!("{w:?}"))
    }

    fn both(f: impl Fn(Dir) -> Wide) -> (BigRational, BigRational) {
        (ratio(f(Dir::Down)), ratio(f(Dir::Up)))
    }

    /// Checks `lo <= exact <= hi` and that the two are at most two units
    /// of the 128th bit apart.
    fn encloses(name: &str, (lo, hi): (BigRational, BigRational), exact: &BigRational) {
        assert!(lo <= *exact && *exact <= hi, "{name}: {lo} {exact} {hi}");
        if !exact.is_zero() {
            let width = (&hi - &lo) / exact;
            let unit = BigRational::new(1.into(), num_bigint::BigInt::from(1) << 125);
            assert!(width <= unit, "{name}: too wide");
        }
    }

    #[test]
    fn every_operation_rounds_the_way_it_is_asked() {
        let mut values = vec![Wide::ZERO, Wide::one(), Wide::from_u64(3)];
        let mut x = Wide::from_u64(7);
        // Odd values of many sizes, with long mantissas, some far apart.
        for e in [1u64, 5, 40, 127, 128, 129, 300] {
            values.push(Wide::from_u64(u64::MAX).pow(e, Dir::Up));
            values.push(
                Wide::from_u64(1_000_000_007)
                    .pow(e, Dir::Down)
                    .shifted(-700),
            );
            x = x.mul(Wide::from_u64(0x9E37_79B9_7F4A_7C15), Dir::Up);
            values.push(x);
        }
        for &a in &values {
            for &b in &values {
                let (ra, rb) = (ratio(a), ratio(b));
                encloses("add", both(|d| a.add(b, d)), &(&ra + &rb));
                encloses("mul", both(|d| a.mul(b, d)), &(&ra * &rb));
                for v in [1u64, 3, 0x9E37_79B9_7F4A_7C15, u64::MAX] {
                    let rv = BigRational::from_integer(v.into());
                    encloses("mul_u64", both(|d| a.mul_u64(v, d)), &(&ra * &rv));
                }
                if ra > rb {
                    encloses("sub", both(|d| a.sub(b, d)), &(&ra - &rb));
                }
                if !b.is_zero() {
                    encloses("div", both(|d| a.div(b, d)), &(&ra / &rb));
                }
                assert_eq!(a.cmp_value(b), ra.cmp(&rb));
            }
        }
    }
}
