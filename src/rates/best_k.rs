//! The number of hash positions that minimises the classic exact rate.
//!
//! Every k of the range first gets a certified bracket (see
//! [`super::bounds`]), whatever the size of its exact fraction: the brackets
//! are fixed-point numbers of a few hundred bits, cheap at any m, n and k. A
//! k is out as soon as another k's bracket lies wholly below its own (or
//! touches it from below at a smaller k, since ties go to the smaller k).
//! When survivors whose exact fraction is over the digit budget still
//! overlap, the brackets are widened and ranked again.
//!
//! The survivors within budget (normally just the winner) are then computed
//! exactly and take part as points. What is left decides the verdict:
//! - one k, computed exactly: [`Verdict::Exact`], the answer as before;
//! - one k, over budget: [`Verdict::Certified`], the bounds alone prove it
//!   best, but its exact rate is not available (only the bracket midpoint);
//! - several k, some over budget: [`Verdict::Undecided`], each of them could
//!   be the best and the scan says so rather than pick one.
//!
//! At m = 10^6, n = 10^5 every k from 3 up is over the default budget, yet
//! the brackets still prove k = 7 best; leaving those k out would crown k = 2.

use std::cmp::Ordering;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use num_bigint::BigUint;
use num_rational::BigRational;

use super::bounds::{Bracket, classic_bracket};
use super::budget::Budget;
use super::cancel;
use super::classic::{CLASSIC_WHAT, classic_denominator_digits, classic_exact_cancellable};
use super::error::RateError;
use super::params::Params;

/// Fractional bits of every bracket, before widening for tiny rates.
const BASE_BITS: u64 = 192;
/// Widest brackets tried when over-budget survivors still overlap.
const MAX_BITS: u64 = 1 << 22;

/// How firmly the scan knows its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// One k is best and its exact rate was computed.
    Exact,
    /// The brackets alone prove one k best, but its exact rate would need
    /// `digits` denominator digits, over the budget.
    Certified {
        /// Digits of the winner's exact denominator.
        digits: u64,
    },
    /// The brackets could not separate these k (in increasing order), even
    /// at their widest, and some of them are over budget: any one of them
    /// may be the best.
    Undecided {
        /// Every k that may still be the best.
        candidates: Vec<u32>,
    },
}

/// The outcome of a best-k scan.
#[derive(Debug, Clone, PartialEq)]
pub struct BestK {
    /// The best k; with [`Verdict::Undecided`], the smallest candidate (not
    /// a claim that it is the best).
    pub k: u32,
    /// Whether `k` is proven best, and whether its exact rate is known.
    pub verdict: Verdict,
    /// The exact classic rate at `k`, present only with [`Verdict::Exact`].
    pub rate: Option<BigRational>,
    /// The rate at `k` as a double, taken from its certified bracket: an
    /// approximation (good to about the last bit of a double), to be shown
    /// as such whenever `rate` is absent.
    pub approx: f64,
    /// The classic rate of every k in the range, as a double from its
    /// bracket, in order of k (for drawing the rate-against-k curve).
    pub curve: Vec<(u32, f64)>,
    /// The k values whose exact rate was never computed because its
    /// denominator (the second number, in digits) is over budget. They were
    /// still ranked, by their brackets.
    pub skipped: Vec<(u32, u64)>,
}

impl BestK {
    /// Every k that may be the best: just `k` unless the scan is undecided.
    pub fn candidates(&self) -> Vec<u32> {
        match &self.verdict {
            Verdict::Undecided { candidates } => candidates.clone(),
            _ => vec![self.k],
        }
    }
}

/// The rule of thumb for the best k, `(m/n) ln 2`, as a real number.
pub fn rule_of_thumb(m: u64, n: u64) -> f64 {
    m as f64 / n as f64 * std::f64::consts::LN_2
}

/// The k values the lab has scanned for the best one at `m` bits and `n`
/// keys: `1..=10`, widened when half as much again as the rule of thumb lies
/// beyond 10, but never past 32. Superseded by the one rule of
/// [`super::scan::best_k_rule`] (1..=10, widened while the minimum sits on
/// the upper edge), which `bloomlab rate` uses; kept until the lab moves.
pub fn default_scan_range(m: u64, n: u64) -> RangeInclusive<u32> {
    let widened = (rule_of_thumb(m, n.max(1)) * 1.5).ceil();
    // The clamp keeps the value within 10..=32, so the cast is exact.
    1..=widened.clamp(10.0, 32.0) as u32
}

/// The k in `ks` with the smallest exact classic rate, and that rate. When
/// the best k's exact rate is over budget (or the best k cannot be told
/// apart from an over-budget one) this fails with
/// [`RateError::BudgetExceeded`], naming the digits the answer would need;
/// [`best_k_scan`] reports such cases in full.
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
    let scan = best_k_scan(m, n, ks, budget, None, flag)?;
    match scan.rate {
        Some(rate) => Ok((scan.k, rate)),
        None => {
            let digits = match &scan.verdict {
                Verdict::Certified { digits } => *digits,
                _ => scan
                    .skipped
                    .iter()
                    .filter(|(k, _)| scan.candidates().contains(k))
                    .map(|s| s.1)
                    .min()
                    .unwrap_or(u64::MAX),
            };
            Err(RateError::BudgetExceeded {
                what: CLASSIC_WHAT,
                digits,
                limit: budget.max_digits,
            })
        }
    }
}

/// The full scan. `known` may carry an exact classic rate the caller already
/// has (its k and value), which is then reused instead of recomputed. Fails
/// only on bad input or cancellation: over-budget k are ranked by their
/// brackets, never dropped.
pub fn best_k_scan(
    m: u64,
    n: u64,
    ks: RangeInclusive<u32>,
    budget: Budget,
    known: Option<(u32, &BigRational)>,
    flag: &AtomicBool,
) -> Result<BestK, RateError> {
    scan_up_to(m, n, ks, budget, known, flag, MAX_BITS)
}

/// One k of the scan while it is being ranked.
struct Entry {
    params: Params,
    /// Denominator digits of its exact rate.
    digits: u64,
    bracket: Bracket,
    /// Its exact rate, once computed (survivors within budget only).
    exact: Option<BigRational>,
}

impl Entry {
    fn over(&self, budget: Budget) -> bool {
        self.digits > budget.max_digits
    }

    fn low(&self) -> Edge<'_> {
        match &self.exact {
            Some(r) => Edge::Exact(r),
            None => Edge::Scaled(&self.bracket.low, self.bracket.bits),
        }
    }

    fn high(&self) -> Edge<'_> {
        match &self.exact {
            Some(r) => Edge::Exact(r),
            None => Edge::Scaled(&self.bracket.high, self.bracket.bits),
        }
    }
}

/// A bound on a rate: an exact fraction, or an integer over `2^bits`.
#[derive(Clone, Copy)]
enum Edge<'a> {
    Exact(&'a BigRational),
    Scaled(&'a BigUint, u64),
}

/// Orders two bounds (all of them lie in [0, 1], so signs never matter).
fn compare(a: Edge<'_>, b: Edge<'_>) -> Ordering {
    match (a, b) {
        (Edge::Exact(x), Edge::Exact(y)) => x.cmp(y),
        (Edge::Scaled(x, xb), Edge::Scaled(y, yb)) => {
            let top = xb.max(yb);
            (x << (top - xb)).cmp(&(y << (top - yb)))
        }
        (Edge::Exact(r), Edge::Scaled(x, bits)) => exact_vs_scaled(r, x, bits),
        (Edge::Scaled(x, bits), Edge::Exact(r)) => exact_vs_scaled(r, x, bits).reverse(),
    }
}

/// Orders `r` against `x / 2^bits` by cross-multiplying (no gcd, no
/// continued fractions on million-digit numbers).
fn exact_vs_scaled(r: &BigRational, x: &BigUint, bits: u64) -> Ordering {
    let numer = r.numer().to_biguint().unwrap_or_default();
    let denom = r.denom().to_biguint().unwrap_or_default();
    (numer << bits).cmp(&(x * denom))
}

/// Whether entry `j` rules out entry `i`: `j`'s rate is surely below `i`'s,
/// or surely no higher with the smaller k (ties go to the smaller k).
fn rules_out(j: &Entry, i: &Entry) -> bool {
    match compare(j.high(), i.low()) {
        Ordering::Less => true,
        Ordering::Equal => j.params.k() < i.params.k(),
        Ordering::Greater => false,
    }
}

/// The indices in `alive` that no other entry in `alive` rules out.
fn prune(entries: &[Entry], alive: &[usize]) -> Vec<usize> {
    let kept: Vec<usize> = alive
        .iter()
        .copied()
        .filter(|&i| {
            !alive
                .iter()
                .any(|&j| j != i && rules_out(&entries[j], &entries[i]))
        })
        .collect();
    // "Rules out" follows the order of (rate, k), so its minimum always
    // stays; an empty result would mean a faulty bound, and then keeping
    // everyone claims nothing false.
    if kept.is_empty() {
        alive.to_vec()
    } else {
        kept
    }
}

/// [`best_k_scan`] with the widest bracket as a parameter, so tests can
/// reach the undecided case with deliberately coarse brackets.
fn scan_up_to(
    m: u64,
    n: u64,
    ks: RangeInclusive<u32>,
    budget: Budget,
    known: Option<(u32, &BigRational)>,
    flag: &AtomicBool,
    max_bits: u64,
) -> Result<BestK, RateError> {
    if ks.is_empty() {
        return Err(RateError::InvalidParams {
            name: "k range",
            value: format!("{}..={}", ks.start(), ks.end()),
            range: "a non-empty range within 1..=1000",
        });
    }
    let mut params = Vec::new();
    for k in ks {
        params.push(Params::new(m, n, k)?);
    }
    let mut bits = bracket_bits(&params).min(max_bits);
    let mut entries = Vec::with_capacity(params.len());
    for p in params {
        cancel::check(flag)?;
        entries.push(Entry {
            params: p,
            digits: classic_denominator_digits(p),
            bracket: classic_bracket(p, bits),
            exact: None,
        });
    }
    let curve = entries
        .iter()
        .map(|e| (e.params.k(), e.bracket.midpoint()))
        .collect();
    let skipped = entries
        .iter()
        .filter(|e| e.over(budget))
        .map(|e| (e.params.k(), e.digits))
        .collect();
    let all: Vec<usize> = (0..entries.len()).collect();
    let mut alive = prune(&entries, &all);
    // Survivors within budget are settled exactly below; widening is only
    // worth it while an over-budget one is still in the running. A bracket
    // with equal ends is already the exact value and cannot narrow further.
    while alive.len() > 1
        && bits < max_bits
        && alive.iter().any(|&i| entries[i].over(budget))
        && alive
            .iter()
            .any(|&i| entries[i].bracket.low != entries[i].bracket.high)
    {
        bits = bits.saturating_mul(2).max(bits + 1).min(max_bits);
        for &i in &alive {
            cancel::check(flag)?;
            entries[i].bracket = classic_bracket(entries[i].params, bits);
        }
        alive = prune(&entries, &alive);
    }
    for &i in &alive {
        let e = &mut entries[i];
        if e.over(budget) {
            continue;
        }
        e.exact = Some(match known {
            Some((k, r)) if k == e.params.k() => r.clone(),
            _ => classic_exact_cancellable(e.params, budget, flag)?,
        });
    }
    let alive = prune(&entries, &alive);
    // `prune` never empties a non-empty list, and the range is not empty.
    let first = alive.first().copied().unwrap_or(0);
    let verdict = match (alive.len(), entries[first].exact.is_some()) {
        (1, true) => Verdict::Exact,
        (1, false) => Verdict::Certified {
            digits: entries[first].digits,
        },
        _ => Verdict::Undecided {
            candidates: alive.iter().map(|&i| entries[i].params.k()).collect(),
        },
    };
    let winner = &mut entries[first];
    Ok(BestK {
        k: winner.params.k(),
        rate: match verdict {
            Verdict::Exact => winner.exact.take(),
            _ => None,
        },
        approx: winner.bracket.midpoint(),
        verdict,
        curve,
        skipped,
    })
}

/// Enough fractional bits that the brackets resolve the smallest rate in
/// play to well over a hundred bits.
fn bracket_bits(params: &[Params]) -> u64 {
    let deepest = params.iter().map(|p| depth(*p)).fold(0.0f64, f64::max);
    let extra = (2.0 * deepest).ceil();
    if extra.is_finite() {
        (BASE_BITS + extra as u64).min(MAX_BITS)
    } else {
        MAX_BITS
    }
}

/// `-log2` of the idealised rate, worked out in logarithms so that a rate
/// far below the smallest double still gives its true depth (0 for a rate
/// of zero, which any bracket resolves).
fn depth(p: Params) -> f64 {
    if p.n() == 0 {
        return 0.0;
    }
    let hit = -(-(f64::from(p.k()) * p.n() as f64 / p.m() as f64)).exp_m1();
    if hit > 0.0 {
        -f64::from(p.k()) * hit.log2()
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::ratio_to_f64;

    fn run(m: u64, n: u64, ks: RangeInclusive<u32>) -> BestK {
        match best_k_scan(m, n, ks, Budget::default(), None, &cancel::never()) {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn default_range_covers_the_rule_of_thumb() {
        assert_eq!(default_scan_range(100, 10), 1..=11);
        assert_eq!(default_scan_range(160, 16), 1..=11);
        assert_eq!(default_scan_range(160, 10), 1..=17);
        assert_eq!(default_scan_range(10, 10), 1..=10);
        assert_eq!(default_scan_range(1_000_000, 1), 1..=32);
        assert_eq!(default_scan_range(1, 0), 1..=10);
        for (m, n) in [(160, 10), (1000, 7), (64, 64), (999_983, 100_000)] {
            let range = default_scan_range(m, n);
            let rule = rule_of_thumb(m, n);
            assert!(f64::from(*range.end()) >= (rule * 1.5).min(32.0));
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
            assert_eq!(fast.verdict, Verdict::Exact, "{m}/{n}");
            let mut slow: Option<(u32, BigRational)> = None;
            for k in 1..=12 {
                let r = classic_exact_cancellable(
                    Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
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
            assert_eq!(fast.rate.map(|r| (fast.k, r)), slow, "{m}/{n}");
        }
    }

    #[test]
    fn degenerate_shapes_tie_to_the_smallest_k() {
        // No keys: every k gives zero. One bit: every k gives one.
        assert_eq!(run(100, 0, 3..=6).k, 3);
        assert_eq!(run(1, 5, 2..=4).k, 2);
    }

    /// The best k of `ks` by a full exact scan (every k within the default
    /// budget), ties to the smaller k.
    fn truth(m: u64, n: u64, ks: RangeInclusive<u32>) -> (u32, BigRational) {
        let mut best: Option<(u32, BigRational)> = None;
        for k in ks {
            let r = classic_exact_cancellable(
                Params::new(m, n, k).unwrap_or_else(|e| panic!("{e}")),
                Budget::default(),
                &cancel::never(),
            );
            let r = match r {
                Ok(r) => r,
                Err(e) => panic!("{e}"),
            };
            if best.as_ref().is_none_or(|(_, b)| r < *b) {
                best = Some((k, r));
            }
        }
        match best {
            Some(b) => b,
            None => panic!("empty range"),
        }
    }

    #[test]
    fn over_budget_k_are_ranked_by_their_bounds() {
        // m^(k*k*n) = 100^(10 k^2) has 20 k^2 + 1 digits: only k <= 4 fit in 400.
        let b = best_k_scan(100, 10, 1..=10, Budget::new(400), None, &cancel::never());
        let b = match b {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(
            b.skipped.iter().map(|s| s.0).collect::<Vec<_>>(),
            vec![5, 6, 7, 8, 9, 10]
        );
        assert_eq!(b.curve.len(), 10);
        let (k, exact) = truth(100, 10, 1..=10);
        assert_eq!(k, 7);
        assert_eq!(b.k, 7);
        assert_eq!(b.verdict, Verdict::Certified { digits: 981 });
        assert_eq!(b.rate, None);
        let f = ratio_to_f64(&exact).unwrap_or(f64::NAN);
        assert!((b.approx - f).abs() <= f * 1e-14, "{} vs {f}", b.approx);
        // The plain form needs the exact rate, so it names the digits the
        // answer would take.
        assert_eq!(
            best_k(100, 10, 1..=10, Budget::new(400)),
            Err(RateError::BudgetExceeded {
                what: CLASSIC_WHAT,
                digits: 981,
                limit: 400
            })
        );
        // A budget that reaches the winner gives the exact answer again.
        assert_eq!(
            best_k(100, 10, 1..=10, Budget::new(981)),
            Ok((7, exact.clone()))
        );
    }

    #[test]
    fn every_verdict_agrees_with_the_full_exact_scan() {
        // Coarse brackets (a few bits) cannot separate neighbouring k, which
        // drives the scan through its undecided case; whatever the width
        // and budget, what it claims must hold.
        let mut undecided = 0;
        for (m, n) in [(100, 10), (160, 16), (16, 3), (1000, 100)] {
            let (k, exact) = truth(m, n, 1..=10);
            for max_bits in [2, 4, 6, 8, 12, 16, 24, 32, 64, MAX_BITS] {
                for digits in [0, 1, 50, 400, 721, 5_000_000] {
                    let budget = Budget::new(digits);
                    let b = scan_up_to(m, n, 1..=10, budget, None, &cancel::never(), max_bits);
                    let b = match b {
                        Ok(b) => b,
                        Err(e) => panic!("{e}"),
                    };
                    let case = format!("{m}/{n} at {max_bits} bits, budget {digits}");
                    match &b.verdict {
                        Verdict::Exact => {
                            assert_eq!((b.k, b.rate.as_ref()), (k, Some(&exact)), "{case}");
                        }
                        Verdict::Certified { digits: d } => {
                            assert_eq!(b.k, k, "{case}");
                            assert!(*d > digits && b.rate.is_none(), "{case}");
                        }
                        Verdict::Undecided { candidates } => {
                            undecided += 1;
                            assert!(candidates.contains(&k), "{case}: {candidates:?}");
                            assert!(candidates.len() > 1, "{case}");
                            assert!(candidates.is_sorted(), "{case}");
                            assert_eq!(b.k, candidates[0], "{case}");
                            assert!(b.rate.is_none(), "{case}");
                            assert!(
                                candidates
                                    .iter()
                                    .any(|c| b.skipped.iter().any(|s| s.0 == *c)),
                                "{case}"
                            );
                        }
                    }
                    if max_bits == MAX_BITS {
                        assert!(!matches!(b.verdict, Verdict::Undecided { .. }), "{case}");
                    }
                }
            }
        }
        assert!(undecided > 0);
    }

    #[test]
    fn exact_ties_over_budget_still_go_to_the_smaller_k() {
        // No keys: every rate is exactly zero, and a budget of 0 digits
        // refuses even the one-digit denominator.
        let b = best_k_scan(100, 0, 3..=6, Budget::new(0), None, &cancel::never());
        assert_eq!(
            b.map(|b| (b.k, b.verdict)),
            Ok((3, Verdict::Certified { digits: 1 }))
        );
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
        let p = Params::new(160, 16, 7).unwrap_or_else(|e| panic!("{e}"));
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
        assert_eq!(b.map(|b| (b.k, b.rate == Some(r))), Ok((7, true)));
    }

    #[test]
    fn rule_of_thumb_values() {
        assert!((rule_of_thumb(128, 16) - 5.545).abs() < 1e-3);
        assert!((rule_of_thumb(160, 16) - 6.931).abs() < 1e-3);
    }
}
