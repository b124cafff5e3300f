//! A certified enclosure of the blocked rate.
//!
//! Each block size `L` contributes `sum_j (-1)^j t_j G_j` with the exact
//! coefficient `t_j` (`a_j / L^k` for the true rate inside the block,
//! `C(k, j)` for the classic formula) and `G_j = ((c - 1 + x_j) / c)^n`,
//! `x_j` an exact power of `(L - j) / L` (or of `(L - 1) / L`). Every
//! factor is non-negative and every step is monotone in its inputs, so the
//! even terms and the odd terms are each enclosed by rounding down for the
//! lower end and up for the upper end ([`Dyadic`]); the difference of the
//! sums is then enclosed by lower-minus-upper and upper-minus-lower. The
//! result contains the exact rate at any working precision; the precision
//! only decides how narrow it is.
//!
//! **Working bits.** The alternating sum cancels: its terms add up to at
//! most `2^J` (`J = min(k, L)`, since `sum_j t_j = sum_r w_r 2^r` with the
//! weights `w_r` of a query seeing r distinct bits) while the rate may be
//! far smaller. So the working precision is the target plus `J`, plus
//! `log2` of the rate's reciprocal (estimated from the idealised formula
//! in log space, which cannot underflow), plus the bits the powers lose
//! (a power `e` loses about `log2(8e)` bits, [`Dyadic::pow`]). An estimate
//! that comes out low only widens the enclosure; the digits loop sees the
//! width and retries with more bits.

use std::sync::atomic::AtomicBool;

use num_bigint::BigUint;

use super::poisson::ln_blocked_poisson;
use super::{BlockedShape, Within};
use crate::filter::blocked::BlockLayout;
use crate::rates::cancel;
use crate::rates::certified::digits::enclose_cancellable;
use crate::rates::certified::{Enclosure, RateKind};
use crate::rates::dyadic::{Dir, Dyadic};
use crate::rates::error::RateError;
use crate::rates::params::Params;
use crate::rates::true_rate::coefficients;

/// Encloses the blocked rate with a relative width of about `2^-prec`.
pub fn blocked_enclosure(shape: BlockedShape, within: Within, prec: u64) -> Enclosure {
    match blocked_enclosure_cancellable(shape, within, prec, &cancel::never()) {
        Ok(e) => e,
        // The flag above is never raised.
        Err(_) => Enclosure::new(Dyadic::zero(), Dyadic::one()),
    }
}

/// [`blocked_enclosure`] that stops with [`RateError::Cancelled`] soon
/// after `flag` is set (it looks once per term).
pub(crate) fn blocked_enclosure_cancellable(
    shape: BlockedShape,
    within: Within,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Enclosure, RateError> {
    if shape.n == 0 {
        return Ok(Enclosure::exact(Dyadic::zero()));
    }
    if shape.n == 1 {
        return one_key(shape, within, prec, flag);
    }
    mixture(shape, within, prec, flag)
}

/// The alternating sum of the module notes, over each block size.
fn mixture(
    shape: BlockedShape,
    within: Within,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Enclosure, RateError> {
    let layout = shape.layout();
    let w = prec + guard_bits(shape, within);
    let all = Dyadic::from_u64(layout.blocks());
    over_sizes(&layout, &all, w, |len| {
        block_rate(shape, within, len, w, flag)
    })
}

/// `sum_L (count_L / over) rate(L)` over the layout's block sizes `L`,
/// each end rounded its own way at `w` bits.
fn over_sizes(
    layout: &BlockLayout,
    over: &Dyadic,
    w: u64,
    mut rate: impl FnMut(u64) -> Result<(Dyadic, Dyadic), RateError>,
) -> Result<Enclosure, RateError> {
    let (mut lo, mut hi) = (Dyadic::zero(), Dyadic::zero());
    for (len, count) in layout.sizes() {
        let (rate_lo, rate_hi) = rate(len)?;
        let share = |end: &Dyadic, dir| end.mul_u64(count, w, dir).div(over, w, dir);
        lo = lo.add(&share(&rate_lo, Dir::Down), w, Dir::Down);
        hi = hi.add(&share(&rate_hi, Dir::Up), w, Dir::Up);
    }
    Ok(Enclosure::new(lo, hi))
}

/// The blocked rate of a single key, from the unblocked rate of its block.
///
/// A query's block is the key's with chance `1/c`, and then it is the only
/// key there; any other block is empty and answers no at `k >= 1`. So the
/// rate is `sum_L (count_L / c) (1/c) rate(L, 1, k)`, with the true or the
/// classic rate of one key in `L` bits, each with its own enclosure. The
/// alternating sum ([`mixture`]) gets the same number, but at the hundreds
/// of k a single key's best k reaches it cancels hundreds of bits and its
/// coefficients cost O(k^2) big products, 10-50 ms a k (`rate --json` at
/// one key took 0.3-1.0 s for the best k alone).
fn one_key(
    shape: BlockedShape,
    within: Within,
    prec: u64,
    flag: &AtomicBool,
) -> Result<Enclosure, RateError> {
    let layout = shape.layout();
    let c = BigUint::from(layout.blocks());
    let pairs = Dyadic::from_biguint(&c * &c);
    // A few roundings per block size, each at most one unit of w.
    let w = prec + 8;
    let kind = match within {
        Within::True => RateKind::True,
        Within::Classic => RateKind::Classic,
    };
    over_sizes(&layout, &pairs, w, |len| {
        let e = enclose_cancellable(Params::new(len, 1, shape.k)?, kind, w, flag)?;
        Ok((e.low().clone(), e.high().clone()))
    })
}

/// The rate of a query whose block has `len` bits, enclosed at `w` bits.
fn block_rate(
    shape: BlockedShape,
    within: Within,
    len: u64,
    w: u64,
    flag: &AtomicBool,
) -> Result<(Dyadic, Dyadic), RateError> {
    let terms = Terms::new(shape, within, len, flag)?;
    let c = shape.layout().blocks();
    let rest = Dyadic::from_u64(c - 1);
    let all = Dyadic::from_u64(c);
    let mut even = (Dyadic::zero(), Dyadic::zero());
    let mut odd = (Dyadic::zero(), Dyadic::zero());
    for j in 0..terms.count() {
        cancel::check(flag)?;
        let (coef_lo, coef_hi) = terms.coefficient(j, w);
        let (x_lo, x_hi) = terms.power(j, w);
        // G = ((c - 1 + x) / c)^n, rising with x.
        let g = |x: &Dyadic, dir| rest.add(x, w, dir).div(&all, w, dir).pow(shape.n, w, dir);
        let term_lo = coef_lo.mul(&g(&x_lo, Dir::Down), w, Dir::Down);
        let term_hi = coef_hi.mul(&g(&x_hi, Dir::Up), w, Dir::Up);
        let sum = if j % 2 == 0 { &mut even } else { &mut odd };
        sum.0 = sum.0.add(&term_lo, w, Dir::Down);
        sum.1 = sum.1.add(&term_hi, w, Dir::Up);
    }
    Ok((
        even.0.sub(&odd.1, w, Dir::Down),
        even.1.sub(&odd.0, w, Dir::Up),
    ))
}

/// The exact coefficients and the powers' bases of one block size.
pub(super) struct Terms {
    within: Within,
    len: u64,
    k: u32,
    /// `a_j` (true) or `C(k, j)` (classic), exactly.
    coefficients: Vec<BigUint>,
    /// `len^k`, the true coefficients' denominator.
    len_pow_k: BigUint,
}

impl Terms {
    pub(super) fn new(
        shape: BlockedShape,
        within: Within,
        len: u64,
        flag: &AtomicBool,
    ) -> Result<Terms, RateError> {
        let k = shape.k;
        let coefficients = match within {
            // a_j depends on the block's bits and k only; n = 1 keeps every
            // term up to min(k, len).
            Within::True => coefficients(Params::new(len, 1, k)?, flag)?,
            Within::Classic => binomial_row(k),
        };
        Ok(Terms {
            within,
            len,
            k,
            coefficients,
            len_pow_k: BigUint::from(len).pow(k),
        })
    }

    /// How many terms the alternating sum has.
    pub(super) fn count(&self) -> usize {
        self.coefficients.len()
    }

    /// Term j's coefficient exactly, as a numerator over a denominator.
    pub(super) fn coefficient_ratio(&self, j: usize) -> (BigUint, BigUint) {
        match self.within {
            Within::True => (self.coefficients[j].clone(), self.len_pow_k.clone()),
            Within::Classic => (self.coefficients[j].clone(), BigUint::from(1u32)),
        }
    }

    /// Term j's power `x_j` as a base over `len` and an exponent:
    /// `((len - j) / len)^k` (true) or `((len - 1) / len)^(k j)` (classic).
    pub(super) fn power_parts(&self, j: usize) -> (u64, u64) {
        let k = u64::from(self.k);
        match self.within {
            Within::True => (self.len - j as u64, k),
            Within::Classic => (self.len - 1, k * j as u64),
        }
    }

    fn coefficient(&self, j: usize, w: u64) -> (Dyadic, Dyadic) {
        let (num, den) = self.coefficient_ratio(j);
        let num = Dyadic::from_biguint(num);
        let den = Dyadic::from_biguint(den);
        (num.div(&den, w, Dir::Down), num.div(&den, w, Dir::Up))
    }

    fn power(&self, j: usize, w: u64) -> (Dyadic, Dyadic) {
        let (base, e) = self.power_parts(j);
        Dyadic::ratio_pow(base, self.len, e, w)
    }
}

/// `C(k, 0..=k)`.
fn binomial_row(k: u32) -> Vec<BigUint> {
    let mut row = Vec::with_capacity(k as usize + 1);
    let mut c = BigUint::from(1u32);
    row.push(c.clone());
    for j in 1..=k {
        c = c * BigUint::from(k - j + 1) / BigUint::from(j);
        row.push(c.clone());
    }
    row
}

/// Extra working bits (see the module notes).
fn guard_bits(shape: BlockedShape, within: Within) -> u64 {
    let lost = match ln_blocked_poisson(shape) / std::f64::consts::LN_2 {
        l if l.is_finite() => (-l).max(0.0),
        // An estimate below the smallest double's logarithm: start high;
        // the digits loop doubles from here if it is still short.
        _ => 4096.0,
    };
    let spread = match within {
        Within::True => f64::from(shape.k).min(shape.block_bits as f64),
        Within::Classic => f64::from(shape.k),
    };
    let powers = (8.0 * (shape.n as f64 + 2.0)).log2()
        + (8.0 * f64::from(shape.k) * (f64::from(shape.k) + 2.0)).log2();
    (lost + spread + powers).ceil() as u64 + 16
}

#[cfg(test)]
mod tests {
    use super::super::blocked_exact;
    use super::*;

    #[test]
    fn binomial_rows_are_pascals() {
        assert_eq!(binomial_row(4), [1u32, 4, 6, 4, 1].map(BigUint::from));
        assert_eq!(binomial_row(1), [1u32, 1].map(BigUint::from));
    }

    #[test]
    fn one_key_encloses_what_the_alternating_sum_and_the_fraction_give() {
        use crate::rates::Budget;
        // One block, one full block, blocks of two sizes (1030 bits are
        // blocks of 344, 343 and 343) and many blocks.
        for m in [100, 512, 1030, 5000, 1_000_000] {
            for k in [1, 3, 7, 40, 300] {
                let shape = BlockedShape::new(m, 1, k).unwrap();
                for within in [Within::True, Within::Classic] {
                    let prec = 60;
                    let one = one_key(shape, within, prec, &cancel::never()).unwrap();
                    let sum = mixture(shape, within, prec, &cancel::never()).unwrap();
                    let case = format!("{m}/1/{k} {within:?}");
                    assert!(one.relative_width_log2() <= -(prec as f64), "{case}");
                    assert!(!one.below(&sum) && !sum.below(&one), "{case}");
                    if m <= 5000 && k <= 40 {
                        let exact = blocked_exact(shape, within, Budget::default()).unwrap();
                        assert!(one.contains(&exact), "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_enclosure_narrows_with_the_precision() {
        let shape = BlockedShape::new(5_120_000, 512_000, 6).unwrap();
        for within in [Within::True, Within::Classic] {
            for prec in [20, 60, 200] {
                let e = blocked_enclosure(shape, within, prec);
                assert!(
                    e.relative_width_log2() <= -(prec as f64),
                    "{within:?} {prec}"
                );
            }
        }
    }
}
