//! Non-negative binary floating-point numbers whose every operation rounds
//! in a chosen direction.
//!
//! A [`Dyadic`] is `mantissa * 2^exponent` with a `BigUint` mantissa and an
//! `i128` exponent, so values like `2^(-10^19)` (the chance that a saturated
//! filter still has an empty bit) are held without underflow. Each operation
//! takes a precision in bits and a [`Dir`]: rounding [`Dir::Down`] never
//! gives more than the exact result, [`Dir::Up`] never less. Every operation
//! here is monotone in its inputs (adding, multiplying and raising
//! non-negative numbers, dividing by a positive one), so a chain computed
//! from lower bounds with `Down` is a lower bound of the exact chain, and
//! likewise upwards. That is the whole correctness argument of the
//! certified rates built on top.
//!
//! Truncating a mantissa of `b > prec` bits to `prec` bits changes the value
//! by less than `2^(b - prec)`, which is less than `2^(1 - prec)` times the
//! value: the relative error of each rounded operation.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// Which way a rounded operation may err.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    /// Never above the exact result.
    Down,
    /// Never below the exact result.
    Up,
}

/// A non-negative number `mantissa * 2^exponent`. Equality compares values,
/// not representations (`3 * 2^0` equals `6 * 2^-1`).
#[derive(Debug, Clone)]
pub struct Dyadic {
    man: BigUint,
    exp: i128,
}

/// Exponents beyond this (in magnitude) are refused when converting to a
/// rational, which would need a power of two of that many bits.
const MAX_RATIO_SHIFT: i128 = 1 << 32;

impl Dyadic {
    /// Zero.
    pub fn zero() -> Self {
        Dyadic {
            man: BigUint::zero(),
            exp: 0,
        }
    }

    /// One.
    pub fn one() -> Self {
        Self::from_biguint(BigUint::one())
    }

    /// A whole number, exactly.
    pub fn from_u64(v: u64) -> Self {
        Self::from_biguint(BigUint::from(v))
    }

    /// A whole number, exactly.
    pub fn from_biguint(man: BigUint) -> Self {
        Dyadic { man, exp: 0 }
    }

    /// `man * 2^exp`, exactly.
    pub fn from_parts(man: BigUint, exp: i128) -> Self {
        Dyadic { man, exp }
    }

    /// `man * 2^exp` rounded to at most `prec` bits of mantissa.
    pub fn rounded(man: BigUint, exp: i128, prec: u64, dir: Dir) -> Self {
        let bits = man.bits();
        if bits <= prec {
            return Dyadic { man, exp };
        }
        let shift = bits - prec;
        let cut_nonzero = man.trailing_zeros().is_some_and(|t| t < shift);
        let mut top = man >> shift;
        if dir == Dir::Up && cut_nonzero {
            top += 1u32;
        }
        Dyadic {
            man: top,
            exp: exp + i128::from(shift),
        }
    }

    /// `self * 2^by`, exactly.
    pub fn shifted(&self, by: i128) -> Self {
        Dyadic {
            man: self.man.clone(),
            exp: self.exp + by,
        }
    }

    /// `self * 2^frac_bits` rounded to a whole number in the direction
    /// `dir`: a fixed-point form with `frac_bits` bits after the point.
    pub fn to_fixed(&self, frac_bits: u64, dir: Dir) -> BigUint {
        let at = self.exp + i128::from(frac_bits);
        if at >= 0 {
            return &self.man << (at as u64);
        }
        let cut = at.unsigned_abs().min(u128::from(u64::MAX)) as u64;
        let whole = &self.man >> cut;
        let cut_nonzero = self.man.trailing_zeros().is_some_and(|t| t < cut);
        if dir == Dir::Up && cut_nonzero {
            whole + 1u32
        } else {
            whole
        }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.man.is_zero()
    }

    /// The mantissa and the exponent.
    pub fn parts(&self) -> (&BigUint, i128) {
        (&self.man, self.exp)
    }

    /// The smallest `t` with `value < 2^t` (meaningless for zero).
    fn top(&self) -> i128 {
        self.exp + i128::from(self.man.bits())
    }

    /// This value with its mantissa widened (exactly) to `prec` bits.
    fn widened(&self, prec: u64) -> Self {
        let bits = self.man.bits();
        if bits >= prec || self.is_zero() {
            return self.clone();
        }
        let shift = prec - bits;
        Dyadic {
            man: &self.man << shift,
            exp: self.exp - i128::from(shift),
        }
    }

    /// `self * other`, rounded.
    pub fn mul(&self, other: &Dyadic, prec: u64, dir: Dir) -> Self {
        Self::rounded(&self.man * &other.man, self.exp + other.exp, prec, dir)
    }

    /// `self * v` for a machine word, rounded.
    pub fn mul_u64(&self, v: u64, prec: u64, dir: Dir) -> Self {
        Self::rounded(&self.man * v, self.exp, prec, dir)
    }

    /// `self / other`, rounded; `other` must not be zero.
    pub fn div(&self, other: &Dyadic, prec: u64, dir: Dir) -> Self {
        if self.is_zero() || other.is_zero() {
            return Self::zero();
        }
        let want = prec + other.man.bits() + 2;
        let shift = want.saturating_sub(self.man.bits());
        let (mut q, r) = (&self.man << shift).div_rem(&other.man);
        if dir == Dir::Up && !r.is_zero() {
            q += 1u32;
        }
        Self::rounded(q, self.exp - i128::from(shift) - other.exp, prec, dir)
    }

    /// `self + other`, rounded.
    pub fn add(&self, other: &Dyadic, prec: u64, dir: Dir) -> Self {
        if self.is_zero() {
            return Self::rounded(other.man.clone(), other.exp, prec, dir);
        }
        if other.is_zero() {
            return Self::rounded(self.man.clone(), self.exp, prec, dir);
        }
        let (big, small) = if self.top() >= other.top() {
            (self, other)
        } else {
            (other, self)
        };
        if big.top() - small.top() > i128::from(prec) + 2 {
            // `small` is below a quarter of one unit in the last place of
            // `big` at `prec` bits: the sum lies between `big` and `big`
            // plus one unit.
            let base = Self::rounded(big.man.clone(), big.exp, prec, dir).widened(prec);
            return match dir {
                Dir::Down => base,
                Dir::Up => Dyadic {
                    man: base.man + 1u32,
                    exp: base.exp,
                },
            };
        }
        let (a, b, exp) = aligned(big, small);
        Self::rounded(a + b, exp, prec, dir)
    }

    /// `max(self - other, 0)`, rounded. The callers only subtract where the
    /// exact difference is known to be non-negative, so clamping at zero
    /// never moves a bound the wrong way.
    pub fn sub(&self, other: &Dyadic, prec: u64, dir: Dir) -> Self {
        if other.is_zero() {
            return Self::rounded(self.man.clone(), self.exp, prec, dir);
        }
        if self.is_zero() || self.cmp_value(other) != Ordering::Greater {
            return Self::zero();
        }
        if self.top() - other.top() > i128::from(prec) + 2 {
            let base = Self::rounded(self.man.clone(), self.exp, prec, dir).widened(prec);
            return match dir {
                Dir::Up => base,
                // One unit below `self`, which `other` (under a quarter of a
                // unit) cannot reach.
                Dir::Down => Dyadic {
                    man: base.man - 1u32,
                    exp: base.exp,
                },
            };
        }
        let (a, b, exp) = aligned(self, other);
        Self::rounded(a - b, exp, prec, dir)
    }

    /// `self^e` by left-to-right square-and-multiply, every product rounded
    /// in `dir`.
    ///
    /// Squaring doubles a relative error, so a rounding made while the
    /// partial exponent is `e_i` is amplified about `e / e_i` times by the
    /// end. There are at most two roundings per bit of `e`, at partial
    /// exponents of at least `2^(j-1)` after `j` bits, so the amplified
    /// roundings add up to at most `8e` of them: from an exact base the
    /// result is within a relative `8e * 2^(1-prec)` (to first order) of the
    /// exact power. Precision is lost with `log2 e`, not with the number of
    /// steps.
    pub fn pow(&self, e: u64, prec: u64, dir: Dir) -> Self {
        if e == 0 {
            return Self::one();
        }
        let top = 63 - e.leading_zeros();
        let mut acc = Self::rounded(self.man.clone(), self.exp, prec, dir);
        for bit in (0..top).rev() {
            acc = acc.mul(&acc, prec, dir);
            if (e >> bit) & 1 == 1 {
                acc = acc.mul(self, prec, dir);
            }
        }
        acc
    }

    /// `(num/den)^e` enclosed, `(lower, upper)`, at `prec` bits: both
    /// powers raised from exact machine words, each end rounded its way,
    /// then one quotient (within about `16e 2^(1-prec)` relative).
    pub fn ratio_pow(num: u64, den: u64, e: u64, prec: u64) -> (Self, Self) {
        let (num, den) = (Self::from_u64(num), Self::from_u64(den));
        let lo = num
            .pow(e, prec, Dir::Down)
            .div(&den.pow(e, prec, Dir::Up), prec, Dir::Down);
        let hi = num
            .pow(e, prec, Dir::Up)
            .div(&den.pow(e, prec, Dir::Down), prec, Dir::Up);
        (lo, hi)
    }

    /// `self^e` enclosed, `(lower, upper)`, at the cost of one power: the
    /// lower end by [`Dyadic::pow`] rounded down, the upper from it by one
    /// division.
    ///
    /// Rounding down to `prec` bits keeps `x (1 - d)` of an exact `x`, with
    /// `0 <= d < u = 2^(1-prec)` (the kept mantissa is at least
    /// `2^(prec-1)` and less than one unit is cut off). Squaring raises
    /// every factor `(1 - d)` already in the result to the power 2, and
    /// multiplying by the exact base leaves them alone, so the lower end is
    /// exactly `self^e` times `(1 - d_i)^(a_i)` over its roundings, where a
    /// rounding followed by `s` squarings has `a_i = 2^s`. With
    /// `A = sum a_i` (counted here as it goes, below `3e`), the lower end
    /// lies in `[self^e (1 - u)^A, self^e]`, and since
    /// `(1 - u)^A >= 1 - A u` (Bernoulli), `self^e <= lower / (1 - A u)`:
    /// that quotient, with its denominator rounded down and the division
    /// up, is the upper end. It is about `2^(2-prec) e` above the lower end
    /// at most, the same order as [`Dyadic::pow`] rounded up, for half the
    /// multiplications. A `self` that is not exact at `prec` bits is
    /// rounded too, and counted like the others; a product of at most
    /// `prec` bits is exact and not counted.
    pub fn pow_pair(&self, e: u64, prec: u64) -> (Self, Self) {
        if e == 0 {
            return (Self::one(), Self::one());
        }
        let top = 63 - e.leading_zeros();
        // Only a result longer than `prec` bits is rounded at all; the
        // first rounding (of the base) is squared `top` times.
        let cut = |bits: u64| bits > prec;
        let mut weight: u128 = if cut(self.man.bits()) { 1 << top } else { 0 };
        let mut acc = Self::rounded(self.man.clone(), self.exp, prec, Dir::Down);
        for bit in (0..top).rev() {
            weight += u128::from(cut(2 * acc.man.bits())) << bit;
            acc = acc.mul(&acc, prec, Dir::Down);
            if (e >> bit) & 1 == 1 {
                weight += u128::from(cut(acc.man.bits() + self.man.bits())) << bit;
                acc = acc.mul(self, prec, Dir::Down);
            }
        }
        if weight == 0 {
            // Nothing was rounded: the power is exact.
            return (acc.clone(), acc);
        }
        // 1 - A u, rounded down (a smaller divisor only raises the bound).
        let loss = Self::from_parts(BigUint::from(weight), 1 - i128::from(prec));
        let divisor = Self::one().sub(&loss, prec + 8, Dir::Down);
        if divisor.is_zero() {
            // Only at a few bits of precision: round up the long way.
            return (acc, self.pow(e, prec, Dir::Up));
        }
        let upper = acc.div(&divisor, prec, Dir::Up);
        (acc, upper)
    }

    /// Orders two values exactly.
    pub fn cmp_value(&self, other: &Dyadic) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        match self.top().cmp(&other.top()) {
            Ordering::Equal => {
                let (a, b, _) = aligned(self, other);
                a.cmp(&b)
            }
            unequal => unequal,
        }
    }

    /// The exact value as a fraction, or `None` when the exponent is too
    /// large in magnitude to write the power of two out.
    pub fn to_ratio(&self) -> Option<BigRational> {
        if self.exp.abs() > MAX_RATIO_SHIFT {
            return None;
        }
        let man = BigInt::from(self.man.clone());
        let shift = self.exp.unsigned_abs() as u64;
        Some(if self.exp >= 0 {
            BigRational::from_integer(man << shift)
        } else {
            BigRational::new_raw(man, BigInt::one() << shift)
        })
    }

    /// `log2` of the value as a double (negative infinity for zero); good
    /// to about 15 significant digits whatever the exponent.
    pub fn log2(&self) -> f64 {
        if self.is_zero() {
            return f64::NEG_INFINITY;
        }
        let bits = self.man.bits();
        let shift = bits.saturating_sub(64);
        let lead = (&self.man >> shift).iter_u64_digits().next().unwrap_or(1) as f64;
        lead.log2() + (self.exp + i128::from(shift)) as f64
    }

    /// The value as the nearest-ish double: 0 below the smallest double,
    /// infinity above the largest.
    pub fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let bits = self.man.bits();
        let shift = bits.saturating_sub(64);
        let lead = (&self.man >> shift).iter_u64_digits().next().unwrap_or(0) as f64;
        let exponent = self.exp + i128::from(shift);
        if exponent < -2000 {
            return 0.0;
        }
        if exponent > 2000 {
            return f64::INFINITY;
        }
        // Two steps, so no intermediate power of two overflows early.
        let half = (exponent / 2) as i32;
        lead * 2f64.powi(half) * 2f64.powi(exponent as i32 - half)
    }
}

impl PartialEq for Dyadic {
    fn eq(&self, other: &Self) -> bool {
        self.cmp_value(other).is_eq()
    }
}

impl Eq for Dyadic {}

/// Both mantissas shifted to the smaller exponent, and that exponent. Only
/// called when the two values are within a few hundred bits of each other
/// (or of the precision), so the shift stays small.
fn aligned(a: &Dyadic, b: &Dyadic) -> (BigUint, BigUint, i128) {
    let exp = a.exp.min(b.exp);
    let shift = |d: &Dyadic| (d.exp - exp) as u64;
    (&a.man << shift(a), &b.man << shift(b), exp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: u64) -> Dyadic {
        Dyadic::from_u64(v)
    }

    fn ratio(x: &Dyadic) -> BigRational {
        x.to_ratio().unwrap_or_else(|| panic!("no ratio"))
    }

    #[test]
    fn rounding_brackets_the_exact_value() {
        let third_lo = d(1).div(&d(3), 40, Dir::Down);
        let third_hi = d(1).div(&d(3), 40, Dir::Up);
        let third = BigRational::new(1.into(), 3.into());
        assert!(ratio(&third_lo) < third && third < ratio(&third_hi));
        assert!(
            ratio(&third_hi) - ratio(&third_lo) < BigRational::new(1.into(), (1u64 << 39).into())
        );
        // Exact results stay exact in both directions.
        assert_eq!(d(3).mul(&d(5), 4, Dir::Up), d(15));
        assert_eq!(d(12).div(&d(4), 8, Dir::Down), d(3));
    }

    #[test]
    fn power_pairs_bracket_the_exact_power_about_as_tightly_as_rounding_up() {
        for (base, e, prec) in [
            (999u64, 1000u64, 64u64),
            (999_307, 693_000, 256),
            (3, 1, 8),
            (3, 2, 2),
            (10_000, 6_930, 1200),
            (7, 63, 16),
            (1_000_000, 1 << 20, 100),
        ] {
            let (lo, hi) = d(base).pow_pair(e, prec);
            let exact = BigUint::from(base).pow(e as u32);
            let exact = BigRational::from_integer(exact.into());
            assert!(ratio(&lo) <= exact && exact <= ratio(&hi), "{base}^{e}");
            let up = d(base).pow(e, prec, Dir::Up);
            // Within a couple of bits of the width rounding up gives.
            let width = |a: &Dyadic, b: &Dyadic| (b.log2() - a.log2()).abs();
            let (pair, plain) = (
                width(&lo, &hi),
                width(&d(base).pow(e, prec, Dir::Down), &up),
            );
            assert!(
                pair <= 4.0 * plain.max(f64::EPSILON) + 1e-300,
                "{base}^{e}: {pair} vs {plain}"
            );
        }
    }

    #[test]
    fn fixed_point_forms_round_the_right_way() {
        let third = d(1).div(&d(3), 40, Dir::Down);
        // floor and ceiling of third * 2^10 = 341.33...
        assert_eq!(third.to_fixed(10, Dir::Down), BigUint::from(341u32));
        assert_eq!(third.to_fixed(10, Dir::Up), BigUint::from(342u32));
        // Exact when the point falls inside the mantissa's zeros or past it.
        assert_eq!(d(12).to_fixed(0, Dir::Up), BigUint::from(12u32));
        assert_eq!(d(12).shifted(-2).to_fixed(0, Dir::Up), BigUint::from(3u32));
        assert_eq!(d(5).to_fixed(3, Dir::Down), BigUint::from(40u32));
        // Far below the point: 0 down, 1 up.
        assert_eq!(d(5).shifted(-300).to_fixed(64, Dir::Down), BigUint::zero());
        assert_eq!(d(5).shifted(-300).to_fixed(64, Dir::Up), BigUint::one());
        assert_eq!(Dyadic::zero().to_fixed(64, Dir::Up), BigUint::zero());
    }

    #[test]
    fn powers_bracket_the_exact_power() {
        let exact = BigRational::from_integer(BigInt::from(7u32).pow(50));
        for prec in [8, 20, 64] {
            let lo = d(7).pow(50, prec, Dir::Down);
            let hi = d(7).pow(50, prec, Dir::Up);
            assert!(ratio(&lo) <= exact && exact <= ratio(&hi), "{prec}");
        }
        assert_eq!(
            d(7).pow(50, 200, Dir::Down),
            Dyadic::from_biguint(BigUint::from(7u32).pow(50))
        );
    }

    #[test]
    fn far_apart_sums_and_differences_stay_safe() {
        let big = Dyadic::one();
        let tiny = Dyadic::from_parts(BigUint::one(), -1_000_000_000_000_000_000);
        assert_eq!(
            big.add(&tiny, 10, Dir::Down).cmp_value(&big),
            Ordering::Equal
        );
        assert_eq!(
            big.add(&tiny, 10, Dir::Up).cmp_value(&big),
            Ordering::Greater
        );
        assert_eq!(big.sub(&tiny, 10, Dir::Up).cmp_value(&big), Ordering::Equal);
        assert_eq!(
            big.sub(&tiny, 10, Dir::Down).cmp_value(&big),
            Ordering::Less
        );
        assert!(tiny.sub(&big, 10, Dir::Up).is_zero());
        // Close values subtract exactly.
        assert_eq!(d(1000).sub(&d(999), 4, Dir::Down), d(1));
        assert_eq!(d(1000).add(&d(24), 64, Dir::Up), d(1024));
        // Zero is no bigger than a tiny value, whatever its exponent says.
        assert_eq!(Dyadic::zero().add(&tiny, 10, Dir::Up), tiny);
    }

    #[test]
    fn comparisons_and_conversions() {
        assert_eq!(d(3).cmp_value(&d(5)), Ordering::Less);
        assert_eq!(Dyadic::zero().cmp_value(&d(1)), Ordering::Less);
        let half = Dyadic::from_parts(BigUint::one(), -1);
        assert_eq!(half.to_f64(), 0.5);
        assert_eq!(half.log2(), -1.0);
        assert_eq!(ratio(&half), BigRational::new(1.into(), 2.into()));
        let far = Dyadic::from_parts(BigUint::from(3u32), -5000);
        assert_eq!(far.to_f64(), 0.0);
        assert!((far.log2() - (3f64.log2() - 5000.0)).abs() < 1e-9);
        assert_eq!(
            Dyadic::from_parts(BigUint::one(), i128::MIN / 2).to_ratio(),
            None
        );
    }
}
