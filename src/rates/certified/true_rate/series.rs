//! The two halves of the true rate's sum: the light-load series for small
//! bit counts and inclusion and exclusion for the rest (see the notes of the
//! parent module for the bounds).

use std::sync::atomic::AtomicBool;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::{Pair, Plan, Powers};
use crate::rates::cancel;
use crate::rates::certified::classic::classic_log2_estimate;
use crate::rates::dyadic::{Dir, Dyadic};
use crate::rates::error::RateError;

/// What the series carries from one bit count r to the next.
pub(super) struct SeriesState {
    /// The bit count the fields below belong to.
    r: usize,
    /// `S(r + t, r)` for `t = 0..=t_cap`.
    diagonal: Vec<BigUint>,
    /// `(N)_r` enclosed.
    falling: (Dyadic, Dyadic),
}

impl SeriesState {
    pub(super) fn new(t_cap: usize) -> SeriesState {
        let mut diagonal = vec![BigUint::zero(); t_cap + 1];
        diagonal[0] = BigUint::one();
        SeriesState {
            r: 0,
            diagonal,
            falling: (Dyadic::one(), Dyadic::one()),
        }
    }

    /// Moves to bit count `r` (never backwards): the diagonal by
    /// `S(r+t, r) = r S(r+t-1, r) + S(r+t-1, r-1)`, in place from t = 0 up,
    /// and the falling factorial by one more factor per step.
    fn advance(&mut self, r: usize, throws: u64, w: u64) {
        while self.r < r {
            self.r += 1;
            let next = self.r;
            for t in 1..self.diagonal.len() {
                let left = &self.diagonal[t - 1] * BigUint::from(next as u64);
                self.diagonal[t] += left;
            }
            let factor = throws - (next as u64 - 1);
            self.falling = (
                self.falling.0.mul_u64(factor, w, Dir::Down),
                self.falling.1.mul_u64(factor, w, Dir::Up),
            );
        }
    }
}

impl Plan {
    /// `P_r` by the light-load series, enclosed, for `1 <= r < m`.
    pub(super) fn series_term(&self, r: usize, powers: &Powers) -> Pair {
        let w = self.w;
        let mut state = self.series.borrow_mut();
        state.advance(r, self.throws, w);
        let ru = r as u64;
        let room = self.p.m() - ru;
        let room_d = Dyadic::from_u64(room);
        // ((m - r)/m)^N
        let base_lo = powers.lo[r].div(&powers.hi[0], w, Dir::Down);
        let base_hi = powers.hi[r].div(&powers.lo[0], w, Dir::Up);
        // y_r = (N)_r / (m - r)^r, then y_{i+1} = y_i (N - i) / ((i+1)(m - r)).
        let mut y_lo = state
            .falling
            .0
            .div(&room_d.pow(ru, w, Dir::Up), w, Dir::Down);
        let mut y_hi = state
            .falling
            .1
            .div(&room_d.pow(ru, w, Dir::Down), w, Dir::Up);
        let nu_hi = Dyadic::from_u64(self.throws).div(&room_d, w, Dir::Up);
        let mu_hi = nu_hi.mul_u64(ru, w, Dir::Up);
        // g = nu^r mu^T / T! after T terms.
        let mut g = nu_hi.pow(ru, w, Dir::Up);
        let (mut sum_lo, mut sum_hi) = (Dyadic::zero(), Dyadic::zero());
        let mut tail = None;
        for t in 0..=self.t_cap {
            let s = Dyadic::from_biguint(state.diagonal[t].clone());
            sum_lo = sum_lo.add(&s.mul(&y_lo, w, Dir::Down), w, Dir::Down);
            sum_hi = sum_hi.add(&s.mul(&y_hi, w, Dir::Up), w, Dir::Up);
            let i = ru + t as u64;
            if i >= self.throws {
                // C(N, i) vanishes beyond N: the sum is complete.
                tail = Some(Dyadic::zero());
                break;
            }
            let step = Dyadic::from_biguint(BigUint::from(i + 1) * room);
            y_lo = y_lo
                .mul_u64(self.throws - i, w, Dir::Down)
                .div(&step, w, Dir::Down);
            y_hi = y_hi
                .mul_u64(self.throws - i, w, Dir::Up)
                .div(&step, w, Dir::Up);
            let terms = t as u64 + 1;
            g = g
                .mul(&mu_hi, w, Dir::Up)
                .div(&Dyadic::from_u64(terms), w, Dir::Up);
            tail = tail_bound(&g, terms, &mu_hi, w);
            let small = sum_lo.shifted(-(i128::from(self.prec) + 6));
            if tail.as_ref().is_some_and(|b| b.cmp_value(&small).is_le()) {
                break;
            }
        }
        let hi = match tail {
            Some(bound) => base_hi.mul(&sum_hi.add(&bound, w, Dir::Up), w, Dir::Up),
            // No usable bound on the rest: a probability is at most 1.
            None => Dyadic::one(),
        };
        Pair {
            lo: base_lo.mul(&sum_lo, w, Dir::Down),
            hi,
        }
    }

    /// The bit counts above `series_to` by inclusion and exclusion, already
    /// weighted: `sum_j (-1)^j A_j (m-j)^N / m^N` with
    /// `A_j = sum_{r > series_to} w_r C(r, j)`.
    pub(super) fn inclusion_exclusion(&self, powers: &Powers, coefficients: Coefficients) -> Pair {
        let w = self.w;
        let (a_lo, a_hi) = coefficients;
        let zero = || (Dyadic::zero(), Dyadic::zero());
        let (mut plus, mut minus) = (zero(), zero());
        for (j, (lo, hi)) in a_lo.iter().zip(&a_hi).enumerate() {
            let side = if j % 2 == 0 { &mut plus } else { &mut minus };
            side.0 = side
                .0
                .add(&lo.mul(&powers.lo[j], w, Dir::Down), w, Dir::Down);
            side.1 = side.1.add(&hi.mul(&powers.hi[j], w, Dir::Up), w, Dir::Up);
        }
        let num_lo = plus.0.sub(&minus.1, w, Dir::Down);
        let num_hi = plus.1.sub(&minus.0, w, Dir::Up);
        Pair {
            lo: num_lo.div(&powers.hi[0], w, Dir::Down),
            hi: num_hi.div(&powers.lo[0], w, Dir::Up),
        }
    }

    /// `A_j` enclosed for `j = 0..=R`. They are the coefficients of
    /// `W(1 + y)` for `W(x) = sum_{r > series_to} w_r x^r`, because
    /// `(1 + y)^r = sum_j C(r, j) y^j`; shifting a polynomial's argument by
    /// one takes `R (R + 1) / 2` additions of its coefficients (synthetic
    /// division by `x - 1`, repeated), all of non-negative numbers.
    ///
    /// The additions are exact, on whole numbers: each weight's lower end
    /// is rounded down, and its upper end up, to a multiple of
    /// `eps = 2^-F` ([`Plan::fixed_point_bits`]), so the sums bracket `A_j`
    /// with no further rounding. (They used to be rounded binary numbers,
    /// each addition allocating and aligning a mantissa of a thousand bits
    /// or more; the whole numbers add in place.) Only when `F` would be
    /// far past the working precision are the additions rounded instead,
    /// each down (or up), which keeps the bound as well.
    pub(super) fn ie_coefficients(
        &self,
        weights: &[(Dyadic, Dyadic)],
        flag: &AtomicBool,
    ) -> Result<Coefficients, RateError> {
        let w = self.w;
        let kept = |r: usize| r > self.series_to;
        if let Some(f) = self.fixed_point_bits() {
            let ends = |r: usize, (lo, hi): &(Dyadic, Dyadic)| match kept(r) {
                false => (BigUint::zero(), BigUint::zero()),
                true => (lo.to_fixed(f, Dir::Down), hi.to_fixed(f, Dir::Up)),
            };
            let (mut low, mut gaps): (Vec<BigUint>, Vec<BigUint>) = weights
                .iter()
                .enumerate()
                .map(|(r, e)| ends(r, e))
                .map(|(lo, hi)| {
                    // `max(hi, lo)` bounds `w_r` from above as `hi` does
                    // (and the two ends never cross anyway).
                    let gap = if hi > lo { hi - &lo } else { BigUint::zero() };
                    (lo, gap)
                })
                .unzip();
            // The upper ends as the lower ends plus gaps: shifting is
            // linear, so the gaps shift on their own. A gap is the width of
            // a weight's enclosure, near its last working bit, so where F
            // is about w (as at usual loads) it is a unit or two, and its
            // shifted sums have about R bits where the ends' have F.
            let back = |c: &[BigUint], dir: Dir| -> Vec<Dyadic> {
                c.iter()
                    .map(|a| Dyadic::rounded(a.clone(), -i128::from(f), w, dir))
                    .collect()
            };
            shift_by_one(&mut low, |a, b| *a += b, flag)?;
            shift_by_one(&mut gaps, |a, b| *a += b, flag)?;
            let high: Vec<BigUint> = low.iter().zip(gaps).map(|(lo, gap)| gap + lo).collect();
            return Ok((back(&low, Dir::Down), back(&high, Dir::Up)));
        }
        let ends = |dir: Dir| -> Result<Vec<Dyadic>, RateError> {
            let mut c: Vec<Dyadic> = weights
                .iter()
                .enumerate()
                .map(|(r, (lo, hi))| match (kept(r), dir) {
                    (false, _) => Dyadic::zero(),
                    (true, Dir::Down) => lo.clone(),
                    (true, Dir::Up) => hi.clone(),
                })
                .collect();
            shift_by_one(&mut c, |a, b| *a = a.add(b, w, dir), flag)?;
            Ok(c)
        };
        Ok((ends(Dir::Down)?, ends(Dir::Up)?))
    }

    /// `F`, the bits after the point of [`Plan::ie_coefficients`]'
    /// whole-number sums, or `None` when `F` would exceed four times the
    /// working precision (rates so small that rounded additions are
    /// cheaper).
    ///
    /// Rounding each weight's ends outward to a multiple of `eps = 2^-F`
    /// moves each end of `A_j` by at most `eps sum_r C(r, j)`; the sum
    /// multiplies `A_j` by `((m - j)/m)^N <= q^j` with `q = (1 - 1/m)^N`
    /// (as `1 - j/m <= (1 - 1/m)^j`), so the enclosure widens by at most
    /// `2 eps sum_r (1 + q)^r <= 2 eps (R + 1) (1 + q)^R`. With
    /// `F = prec + 12 + log2(R + 1) + R log2(1 + q) - log2(classic)`,
    /// and the classic rate at most the true one (Jensen), that is below
    /// `2^-(prec + 11)` of the true rate. The doubles here only size `F`:
    /// a low estimate would widen the enclosure, never break it, and the
    /// caller sees the width.
    pub(super) fn fixed_point_bits(&self) -> Option<u64> {
        let p = self.p;
        let r = self.r_max as f64;
        let q = (p.throws() as f64 * (-1.0 / p.m() as f64).ln_1p()).exp();
        let floor = classic_log2_estimate(p);
        let bits = self.prec as f64 + 12.0 + (r + 1.0).log2() + r * (1.0 + q).log2() - floor;
        (bits.is_finite() && bits <= 4.0 * self.w as f64 + 256.0).then(|| bits.ceil() as u64)
    }
}

/// Replaces the coefficients `c_r` of `W(x)` by those of `W(1 + x)`:
/// `R (R + 1) / 2` additions, each `c[j] += c[j + 1]`.
fn shift_by_one<T>(
    c: &mut [T],
    add: impl Fn(&mut T, &T),
    flag: &AtomicBool,
) -> Result<(), RateError> {
    let top = c.len().saturating_sub(1);
    for i in 0..top {
        cancel::check(flag)?;
        for j in (i..top).rev() {
            let (head, tail) = c.split_at_mut(j + 1);
            add(&mut head[j], &tail[0]);
        }
    }
    Ok(())
}

/// `A_j` enclosed, lower ends and upper ends, for `j = 0..=R`.
pub(super) type Coefficients = (Vec<Dyadic>, Vec<Dyadic>);

/// `g (T+1) / (T+1 - mu)`, the bound on the terms after the first `T`, when
/// `T + 1 > mu` (otherwise the geometric bound does not apply).
fn tail_bound(g: &Dyadic, terms: u64, mu_hi: &Dyadic, w: u64) -> Option<Dyadic> {
    let next = Dyadic::from_u64(terms + 1);
    if next.cmp_value(mu_hi).is_le() {
        return None;
    }
    let gap = next.sub(mu_hi, w, Dir::Down);
    Some(g.mul(&next, w, Dir::Up).div(&gap, w, Dir::Up))
}
