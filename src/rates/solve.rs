//! Sizing that meets its target: any three of n, p, m and k in, the fourth
//! out, judged by the exact (classic or true) rate with certified
//! comparisons, never by the idealised formula.
//!
//! **Why a binary search over m is sound.** At a fixed k the classic rate
//! `(1 - (1 - 1/m)^(kn))^k` strictly falls as m grows (`1 - 1/m` grows, so
//! every factor shrinks), and strictly rises with n. The best rate over k
//! is a minimum of such functions, so it falls with m and rises with n too:
//! if `min_k rate(m) <= p` then `min_k rate(m + 1) <= rate_k(m + 1) <
//! rate_k(m) <= p` for the k that achieved it. The rate at one fixed k need
//! not stay on one side of p as m grows when k is re-chosen from
//! `(m/n) ln 2` (the textbook's rounding jumps), but the minimum over k does
//! not care how k is chosen, only that it is the minimum. The true rate is
//! checked the same way on a grid of small shapes (tests/rates_solve.rs)
//! rather than proven.
//!
//! **Where the search starts.** The idealised rate is below the exact one,
//! and at its best real k it is `2^-((m/n) ln 2)`. So no m below
//! `n ln(1/p) / (ln 2)^2` (the textbook size) can reach p, and the search
//! walks up from there; at 50 million keys and 1% it ends 394,818 bits
//! higher, at 479,647,737.

use std::cmp::Ordering;
use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use super::budget::Budget;
use super::certified::compare::compare_to;
use super::certified::{CertifiedDigits, RateKind, certified_digits_cancellable};
use super::error::RateError;
use super::params::{MAX_K, MAX_M, MAX_N, Params};
use super::scan::{KRule, best_k_rule_of};

/// The inputs: any three of n, p, m and k (k may also be left out with two
/// of the others given, and is then chosen as the best).
#[derive(Debug, Clone, PartialEq)]
pub struct SizeQuery {
    /// Keys to hold.
    pub n: Option<u64>,
    /// Target false-positive rate, exactly.
    pub p: Option<BigRational>,
    /// Bits in the filter.
    pub m: Option<u64>,
    /// Hash positions per key.
    pub k: Option<u32>,
    /// Which rate has to meet the target.
    pub by: RateKind,
}

/// Which quantity the solver worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solved {
    /// The fewest bits meeting the target.
    Bits,
    /// The rate of the given filter.
    Rate,
    /// The most keys meeting the target.
    Keys,
    /// The best k of the given filter.
    Hashes,
}

/// How k was settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KChoice {
    /// Given by the caller.
    Given,
    /// The best by the one rule of [`super::scan`].
    Scanned(KRule),
}

/// The shape one step past the answer (one bit fewer, or one key more) and
/// its rate, which no longer meets the target.
#[derive(Debug, Clone, PartialEq)]
pub struct Neighbour {
    /// Bits.
    pub m: u64,
    /// Keys.
    pub n: u64,
    /// Its best k (or the given one).
    pub k: u32,
    /// Its rate (of the kind sized by).
    pub rate: CertifiedDigits,
}

/// The answer: a complete filter shape, its rates, and whether they meet
/// the target.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeAnswer {
    /// What was worked out.
    pub solved: Solved,
    /// Keys.
    pub n: u64,
    /// Bits.
    pub m: u64,
    /// Hash positions per key.
    pub k: u32,
    /// How k was settled.
    pub k_choice: KChoice,
    /// The rate sized by.
    pub by: RateKind,
    /// The target, when there is one.
    pub target: Option<BigRational>,
    /// The classic rate at (m, n, k).
    pub classic: CertifiedDigits,
    /// The true rate at (m, n, k).
    pub true_rate: CertifiedDigits,
    /// Whether the classic rate is at most the target.
    pub classic_meets: Option<bool>,
    /// Whether the true rate is at most the target.
    pub true_meets: Option<bool>,
    /// One bit fewer (m solved) or one key more (n solved).
    pub neighbour: Option<Neighbour>,
}

/// Solves `q`, with the rates of the answer to `digits` digits. `budget`
/// only bounds the full fractions needed for exact ties (see
/// [`super::certified`]).
pub fn solve_size(
    q: &SizeQuery,
    digits: u32,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<SizeAnswer, RateError> {
    let ctx = Ctx {
        by: q.by,
        k: q.k,
        budget,
        flag,
    };
    let (solved, m, n) = match (q.n, &q.p, q.m) {
        (Some(n), Some(_), Some(m)) if q.k.is_none() => (Solved::Hashes, m, n),
        (Some(_), Some(_), Some(_)) => return Err(inputs_error()),
        (Some(n), Some(p), None) => (Solved::Bits, ctx.smallest_m(n, p)?, n),
        (Some(n), None, Some(m)) => (Solved::Rate, m, n),
        (None, Some(p), Some(m)) => (Solved::Keys, m, ctx.largest_n(m, p)?),
        _ => return Err(inputs_error()),
    };
    let (k, k_choice) = ctx.best_k(m, n)?;
    let p = Params::new(m, n, k)?;
    let meets = |kind| -> Result<Option<bool>, RateError> {
        match &q.p {
            Some(t) => Ok(Some(compare_to(p, kind, t, budget, flag)?.is_le())),
            None => Ok(None),
        }
    };
    let (classic_meets, true_meets) = (meets(RateKind::Classic)?, meets(RateKind::True)?);
    let rate = |kind, meets| telling(p, kind, digits, q.p.as_ref().zip(meets), budget, flag);
    let neighbour = match solved {
        Solved::Bits if m > 1 => Some(ctx.neighbour(m - 1, n, digits)?),
        Solved::Keys if n < MAX_N => Some(ctx.neighbour(m, n + 1, digits)?),
        _ => None,
    };
    Ok(SizeAnswer {
        solved,
        n,
        m,
        k,
        k_choice,
        by: q.by,
        target: q.p.clone(),
        classic: rate(RateKind::Classic, classic_meets)?,
        true_rate: rate(RateKind::True, true_meets)?,
        classic_meets,
        true_meets,
        neighbour,
    })
}

/// Most digits added to a rate so that it reads on the right side of the
/// target.
const MORE_DIGITS: u32 = 24;

/// The rate's digits, with more of them when `digits` alone would read as
/// the target itself or on its wrong side (a rate of 0.0081937221054670
/// against a typed 0.008193722105 reads "0.008193722105 > 0.008193722105"
/// at ten digits, and "0.00819372210547 > 0.008193722105" at twelve).
/// `against` is the target with whether the exact rate meets it.
fn telling(
    p: Params,
    kind: RateKind,
    digits: u32,
    against: Option<(&BigRational, bool)>,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<CertifiedDigits, RateError> {
    let mut d = digits;
    loop {
        let shown = certified_digits_cancellable(p, kind, d, budget, flag)?;
        let reads_right = match against {
            None => true,
            Some((target, true)) => shown.decimal.to_ratio() <= *target,
            Some((target, false)) => shown.decimal.to_ratio() > *target,
        };
        if reads_right || d >= digits + MORE_DIGITS {
            return Ok(shown);
        }
        d += 2;
    }
}

fn inputs_error() -> RateError {
    RateError::InvalidParams {
        name: "inputs",
        value: "the options given".into(),
        range: "two or three of n, p and m (or a memory size), and k only with at most two of them",
    }
}

/// What every step of a search needs.
struct Ctx<'a> {
    by: RateKind,
    k: Option<u32>,
    budget: Budget,
    flag: &'a AtomicBool,
}

impl Ctx<'_> {
    /// The given k, or the best by the one rule (for the rate sized by).
    fn best_k(&self, m: u64, n: u64) -> Result<(u32, KChoice), RateError> {
        match self.k {
            Some(k) => Ok((k, KChoice::Given)),
            None => {
                let rule = best_k_rule_of(m, n, self.by, self.flag)?;
                Ok((rule.best.k, KChoice::Scanned(rule)))
            }
        }
    }

    /// Whether the filter of m bits and n keys, at its best (or the given)
    /// k, meets the target.
    fn meets(&self, m: u64, n: u64, target: &BigRational) -> Result<bool, RateError> {
        let (k, _) = self.best_k(m, n)?;
        let p = Params::new(m, n, k)?;
        Ok(compare_to(p, self.by, target, self.budget, self.flag)? != Ordering::Greater)
    }

    fn neighbour(&self, m: u64, n: u64, digits: u32) -> Result<Neighbour, RateError> {
        let (k, _) = self.best_k(m, n)?;
        let p = Params::new(m, n, k)?;
        let rate = certified_digits_cancellable(p, self.by, digits, self.budget, self.flag)?;
        Ok(Neighbour { m, n, k, rate })
    }

    /// The fewest bits whose rate meets `target` with n keys.
    fn smallest_m(&self, n: u64, target: &BigRational) -> Result<u64, RateError> {
        check_keys(n)?;
        let ln_p = ln_of(target)?;
        let below = textbook_m(n as f64, ln_p, self.k);
        // `lo` never meets the target (0 stands for "no filter at all").
        let mut lo = if below.is_finite() && below > 2.0 {
            ((below * (1.0 - 1e-12)).floor() as u64 - 1).min(MAX_M - 1)
        } else {
            0
        };
        if lo > 0 && self.meets(lo, n, target)? {
            lo = 0;
        }
        let mut step = (lo / 4096).max(16);
        let mut hi = lo.saturating_add(step).min(MAX_M);
        while !self.meets(hi, n, target)? {
            if hi == MAX_M {
                return Err(RateError::InvalidParams {
                    name: "p",
                    value: format!("{:e}", ln_p.exp()),
                    range: "a target that at most 10^18 bits can reach",
                });
            }
            lo = hi;
            step = step.saturating_mul(2);
            hi = lo.saturating_add(step).min(MAX_M);
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.meets(mid, n, target)? {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Ok(hi)
    }

    /// The most keys m bits hold with a rate meeting `target`.
    fn largest_n(&self, m: u64, target: &BigRational) -> Result<u64, RateError> {
        let ln_p = ln_of(target)?;
        let above = textbook_n(m as f64, ln_p, self.k);
        // `hi` never meets the target; `lo` always does (no keys, rate 0).
        let mut hi = if above.is_finite() && above < MAX_N as f64 {
            (above * (1.0 + 1e-12)).ceil() as u64 + 2
        } else {
            MAX_N
        };
        while hi < MAX_N && self.meets(m, hi, target)? {
            hi = hi.saturating_mul(2).min(MAX_N);
        }
        let mut lo = 0;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if self.meets(m, mid, target)? {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if lo == 0 {
            return Err(RateError::InvalidParams {
                name: "m",
                value: m.to_string(),
                range: "enough bits to hold at least one key at the target rate",
            });
        }
        Ok(lo)
    }
}

fn check_keys(n: u64) -> Result<(), RateError> {
    if (1..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(RateError::InvalidParams {
            name: "n",
            value: n.to_string(),
            range: "1..=1000000000000000",
        })
    }
}

/// `ln` of a target in (0, 1), refusing anything else (and targets below
/// the smallest double, which no k up to 1000 could reach anyway).
fn ln_of(target: &BigRational) -> Result<f64, RateError> {
    let value = super::decimal::SigDecimal::from_ratio(target, 17)?.to_f64();
    if value > 0.0 && value < 1.0 && target < &BigRational::from_integer(1.into()) {
        Ok(value.ln())
    } else {
        Err(RateError::InvalidParams {
            name: "p",
            value: format!("{value:e}"),
            range: "strictly between 0 and 1",
        })
    }
}

/// The idealised bound below which no m meets `e^ln_p`: the textbook size
/// at the best real k, or at the given k the m where the idealised rate
/// equals the target.
fn textbook_m(n: f64, ln_p: f64, k: Option<u32>) -> f64 {
    let ln2 = std::f64::consts::LN_2;
    match k {
        None => -n * ln_p / (ln2 * ln2),
        Some(k) => {
            let k = f64::from(k.min(MAX_K));
            -k * n / (-(ln_p / k).exp()).ln_1p()
        }
    }
}

/// The idealised bound above which no n meets `e^ln_p` with m bits.
fn textbook_n(m: f64, ln_p: f64, k: Option<u32>) -> f64 {
    let ln2 = std::f64::consts::LN_2;
    match k {
        None => m * ln2 * ln2 / -ln_p,
        Some(k) => {
            let k = f64::from(k.min(MAX_K));
            -m * (-(ln_p / k).exp()).ln_1p() / k
        }
    }
}
