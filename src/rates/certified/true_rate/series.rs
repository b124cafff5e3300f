//! The two halves of the true rate's sum: the light-load series for small
//! bit counts and inclusion and exclusion for the rest (see the notes of the
//! parent module for the bounds).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::{Pair, Plan, Powers};
use crate::rates::dyadic::{Dir, Dyadic};

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
    pub(super) fn inclusion_exclusion(&self, powers: &Powers) -> Pair {
        let w = self.w;
        let (a_lo, a_hi) = self.ie_coefficients();
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
    /// division by `x - 1`, repeated), all of non-negative numbers, so
    /// rounding each sum down (or up) keeps the bound.
    fn ie_coefficients(&self) -> (Vec<Dyadic>, Vec<Dyadic>) {
        let w = self.w;
        let mut lo: Vec<Dyadic> = self.weights.iter().map(|p| p.0.clone()).collect();
        let mut hi: Vec<Dyadic> = self.weights.iter().map(|p| p.1.clone()).collect();
        for r in 0..=self.series_to.min(self.r_max) {
            lo[r] = Dyadic::zero();
            hi[r] = Dyadic::zero();
        }
        let top = self.r_max;
        for i in 0..top {
            for j in (i..top).rev() {
                lo[j] = lo[j].add(&lo[j + 1], w, Dir::Down);
                hi[j] = hi[j].add(&hi[j + 1], w, Dir::Up);
            }
        }
        (lo, hi)
    }
}

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
