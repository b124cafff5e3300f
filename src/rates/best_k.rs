//! The number of hash positions that minimises the classic exact rate.
//!
//! The scan is exact in its verdict but does not build every fraction: each k
//! first gets a certified bracket (see [`super::bounds`]) that costs almost
//! nothing, every k whose bracket lies wholly above another's is out, and
//! only the survivors (normally just the winner) are computed exactly and
//! compared as fractions. Ties go to the smaller k.
//!
//! A k whose exact denominator would exceed the budget is skipped rather
//! than failing the scan: at m = 10^5, n = 10^4, k = 10 alone needs
//! 5,000,001 digits, yet k = 7 is well within reach and is the answer a
//! reader wants. Skipped values are listed in [`BestK::skipped`]; only when
//! every k is over budget does the scan fail.

use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use num_rational::BigRational;

use super::bounds::{Bracket, classic_bracket};
use super::budget::Budget;
use super::cancel;
use super::classic::{CLASSIC_WHAT, classic_denominator_digits, classic_exact_cancellable};
use super::error::RateError;
use super::idealised::idealised;
use super::params::Params;

/// Fractional bits of every bracket, before widening for tiny rates.
const BASE_BITS: u64 = 192;
/// Widest brackets tried; beyond this the survivors are settled exactly.
const MAX_BITS: u64 = 1 << 22;

/// The outcome of a best-k scan.
#[derive(Debug, Clone, PartialEq)]
pub struct BestK {
    /// The k with the smallest classic rate among those within budget.
    pub k: u32,
    /// Its exact classic rate.
    pub rate: BigRational,
    /// The classic rate of every k that was ranked, as a double, in order
    /// of k (for drawing the rate-against-k curve).
    pub curve: Vec<(u32, f64)>,
    /// The k values left out because their denominator (the second number,
    /// in digits) is over budget.
    pub skipped: Vec<(u32, u64)>,
}

/// The rule of thumb for the best k, `(m/n) ln 2`, as a real number.
pub fn rule_of_thumb(m: u64, n: u64) -> f64 {
    m as f64 / n as f64 * std::f64::consts::LN_2
}

/// The k in `ks` with the smallest exact classic rate, and that rate.
/// Over-budget k values are skipped (see the module notes).
pub fn best_k(
    m: u64,
    n: u64,
    ks: RangeInclusive<u32>,
    budget: Budget,
) -> Result<(u32, BigRational), RateError> {
    best_k_cancellable(m, n, ks, budget, &cancel::never())
}

/// [`best_k`] that stops with [`RateError::Cancelled`] soon after `flag` is set.
pub fn best_k_cancellable(
    m: u64,
    n: u64,
    ks: RangeInclusive<u32>,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<(u32, BigRational), RateError> {
    best_k_scan(m, n, ks, budget, None, flag).map(|b| (b.k, b.rate))
}

/// The full scan. `known` may carry an exact classic rate the caller already
/// has (its k and value), which is then reused instead of recomputed.
pub fn best_k_scan(
    m: u64,
    n: u64,
    ks: RangeInclusive<u32>,
    budget: Budget,
    known: Option<(u32, &BigRational)>,
    flag: &AtomicBool,
) -> Result<BestK, RateError> {
    if ks.is_empty() {
        return Err(RateError::InvalidParams {
            name: "k range",
            value: format!("{}..={}", ks.start(), ks.end()),
            range: "a non-empty range within 1..=1000",
        });
    }
    let mut eligible = Vec::new();
    let mut skipped = Vec::new();
    for k in ks {
        let p = Params::new(m, n, k)?;
        let digits = classic_denominator_digits(p);
        if digits > budget.max_digits {
            skipped.push((k, digits));
        } else {
            eligible.push(p);
        }
    }
    if eligible.is_empty() {
        let digits = skipped.iter().map(|s| s.1).min().unwrap_or(u64::MAX);
        return Err(RateError::BudgetExceeded {
            what: CLASSIC_WHAT,
            digits,
            limit: budget.max_digits,
        });
    }
    let bits = bracket_bits(&eligible);
    let mut brackets: Vec<Bracket> = Vec::with_capacity(eligible.len());
    for p in &eligible {
        cancel::check(flag)?;
        brackets.push(classic_bracket(*p, bits));
    }
    let curve = eligible
        .iter()
        .zip(&brackets)
        .map(|(p, b)| (p.k, b.midpoint()))
        .collect();
    // A k survives unless some other k's bracket lies wholly below its own.
    let lowest_high = brackets.iter().map(|b| &b.high).min();
    let survivors: Vec<Params> = eligible
        .iter()
        .zip(&brackets)
        .filter(|(_, b)| lowest_high.is_some_and(|h| b.low <= *h))
        .map(|(p, _)| *p)
        .collect();
    let mut best: Option<(u32, BigRational)> = None;
    for p in survivors {
        let rate = match known {
            Some((k, r)) if k == p.k => r.clone(),
            _ => classic_exact_cancellable(p, budget, flag)?,
        };
        if best.as_ref().is_none_or(|(_, b)| rate < *b) {
            best = Some((p.k, rate));
        }
    }
    let (k, rate) = best.ok_or(RateError::Cancelled)?;
    Ok(BestK {
        k,
        rate,
        curve,
        skipped,
    })
}

/// Enough fractional bits that the brackets resolve the smallest rate in
/// play to well over a hundred bits.
fn bracket_bits(eligible: &[Params]) -> u64 {
    let deepest = eligible
        .iter()
        .map(|p| {
            let r = idealised(*p);
            if r > 0.0 { -r.log2() } else { 0.0 }
        })
        .fold(0.0f64, f64::max);
    let extra = (2.0 * deepest).ceil();
    if extra.is_finite() {
        (BASE_BITS + extra as u64).min(MAX_BITS)
    } else {
        MAX_BITS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(m: u64, n: u64, ks: RangeInclusive<u32>) -> BestK {
        match best_k_scan(m, n, ks, Budget::default(), None, &cancel::never()) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn agrees_with_a_full_exact_scan() {
        for (m, n) in [
            (160, 16),
            (144, 12),
            (128, 16),
            (80, 10),
            (16, 3),
            (1000, 100),
            (50, 20),
            (1_000_000, 3),
            (2, 40),
        ] {
            let fast = run(m, n, 1..=12);
            let mut slow: Option<(u32, BigRational)> = None;
            for k in 1..=12 {
                let r = classic_exact_cancellable(
                    Params { m, n, k },
                    Budget::default(),
                    &cancel::never(),
                );
                let r = match r {
                    Ok(r) => r,
                    Err(e) => panic!("{e}"),
                };
                if slow.as_ref().is_none_or(|(_, b)| r < *b) {
                    slow = Some((k, r));
                }
            }
            assert_eq!(Some((fast.k, fast.rate)), slow, "{m}/{n}");
        }
    }

    #[test]
    fn degenerate_shapes_tie_to_the_smallest_k() {
        // No keys: every k gives zero. One bit: every k gives one.
        assert_eq!(run(100, 0, 3..=6).k, 3);
        assert_eq!(run(1, 5, 2..=4).k, 2);
    }

    #[test]
    fn over_budget_k_are_skipped_not_fatal() {
        let b = best_k_scan(100, 10, 1..=10, Budget::new(400), None, &cancel::never());
        let b = match b {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        // m^(k*k*n) = 100^(10 k^2) has 20 k^2 + 1 digits: k <= 4 fit in 400.
        assert_eq!(
            b.skipped.iter().map(|s| s.0).collect::<Vec<_>>(),
            vec![5, 6, 7, 8, 9, 10]
        );
        assert_eq!(b.curve.len(), 4);
        assert_eq!(b.k, 4);
        let all_over = best_k(100, 10, 5..=6, Budget::new(400));
        assert!(matches!(
            all_over,
            Err(RateError::BudgetExceeded { digits: 501, .. })
        ));
    }

    #[test]
    fn bad_ranges_are_refused() {
        #[allow(clippy::reversed_empty_ranges)]
        let empty = 5..=4;
        assert!(matches!(
            best_k(100, 10, empty, Budget::default()),
            Err(RateError::InvalidParams { .. })
        ));
        assert!(matches!(
            best_k(100, 10, 0..=3, Budget::default()),
            Err(RateError::InvalidParams { name: "k", .. })
        ));
    }

    #[test]
    fn reuses_a_known_rate() {
        let p = Params {
            m: 160,
            n: 16,
            k: 7,
        };
        let r = classic_exact_cancellable(p, Budget::default(), &cancel::never());
        let r = match r {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        let b = best_k_scan(
            160,
            16,
            1..=10,
            Budget::default(),
            Some((7, &r)),
            &cancel::never(),
        );
        assert_eq!(b.map(|b| (b.k, b.rate == r)), Ok((7, true)));
    }

    #[test]
    fn rule_of_thumb_values() {
        assert!((rule_of_thumb(128, 16) - 5.545).abs() < 1e-3);
        assert!((rule_of_thumb(160, 16) - 6.931).abs() < 1e-3);
    }
}
