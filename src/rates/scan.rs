//! The one best-k rule, for the lab and the command line alike: scan k over
//! 1..=10 as the seed lesson does, and while the smallest rate sits on the
//! upper edge of the range, widen it by one, so the minimum always ends up
//! inside (or the range reaches [`MAX_K`]).
//!
//! **The classic rate is unimodal in k.** Write `c = -n ln(1 - 1/m) > 0`,
//! so the rate at a real k is `exp(g(ck) / c)` with
//! `g(u) = u ln(1 - e^-u)`. Then `g'(u) = ln(1 - e^-u) + u / (e^u - 1)`
//! and `g''(u) = e^u (2 - u - 2e^-u) / (e^u - 1)^2`. The bracket
//! `2 - u - 2e^-u` is 0 at u = 0, rises while `e^-u > 1/2` and then falls
//! for good, crossing 0 once more near u = 1.594; so `g'` rises on
//! (0, 1.594) and falls after. It rises from minus infinity through 0 at
//! exactly `u = ln 2` (`ln(1/2) + ln 2 = 0`), and on the falling part it
//! tends to 0 from above (`g'(u) ~ (u - 1) e^-u`), so it never returns
//! below 0. Hence the rate falls strictly up to `k* = ln 2 / c` and rises
//! strictly after, and over the integers its minimum is at `floor(k*)` or
//! `ceil(k*)` (the nearest in-range k when `k*` is outside the range). So
//! widening one k at a time ends exactly one past that minimum, and the
//! scan only has to enclose a few k around `k*` to know it; every k of the
//! range is still enclosed for the curve the lab draws.
//!
//! Rates are ranked by certified enclosures ([`super::certified`]): a k is
//! out once another's enclosure lies wholly below its own, survivors are
//! refined with doubled precision, and equal rates (only with no keys or a
//! single bit) go to the smaller k. The true rate is never below the
//! classic one (Jensen), so no k whose classic rate already exceeds the
//! true rate at the classic winner can win the true scan: only the k
//! around the classic winner whose classic rate stays below that bound are
//! enclosed for the true rate (by unimodality, a contiguous run).

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use super::budget::Budget;
use super::cancel;
use super::certified::compare::{MAX_BITS, START_BITS};
use super::certified::digits::enclose_cancellable;
use super::certified::{Enclosure, RateKind};
use super::classic::classic_exact_cancellable;
use super::error::RateError;
use super::params::{MAX_K, Params};
use super::true_rate::true_exact_cancellable;

/// Largest whole fraction (denominator digits) built to settle rates that
/// agree to [`MAX_BITS`] bits: an exact tie needs a tiny reduced
/// denominator, so past this it is as good as certain to be no tie.
const SETTLE_BUDGET: Budget = Budget {
    max_digits: 100_000,
};

mod types;
mod winners;

pub use types::{KBest, KPoint, KRule, KScan, RatePoint, ScanReach};
pub use winners::{TrueGain, Winner, Winners};

/// The end of the scan before any widening.
pub const DEFAULT_TOP: u32 = 10;

/// The one rule for both rates: 1..=10, widened while either minimum sits
/// on the upper edge; every k of the range carries its classic rate in
/// `points` (and its true rate where it was enclosed; see
/// [`KScan::fill_true_curve`]).
pub fn best_k_rule(m: u64, n: u64, flag: &AtomicBool) -> Result<KScan, RateError> {
    let mut scan = Scanner::new(m, n, flag)?;
    let classic = scan.best_classic(1..=MAX_K)?;
    let mut end = (classic.k + 1).clamp(DEFAULT_TOP.min(MAX_K), MAX_K);
    let mut truth = scan.best_true(1..=end, &classic)?;
    while truth.k == end && end < MAX_K {
        end += 1;
        truth = scan.best_true(1..=end, &classic)?;
    }
    let on_edge = classic.k == end || truth.k == end;
    let reach = reach_of(DEFAULT_TOP, end, on_edge);
    scan.finish(1..=end, classic, truth, reach)
}

/// The one rule for one rate only, without the curve: the cheap form for
/// searches that only need the winner (the classic rule never encloses a
/// true rate). The range widens while this rate's minimum is on the edge.
pub fn best_k_rule_of(
    m: u64,
    n: u64,
    kind: RateKind,
    flag: &AtomicBool,
) -> Result<KRule, RateError> {
    let mut scan = Scanner::new(m, n, flag)?;
    let classic = scan.best_classic(1..=MAX_K)?;
    let mut end = (classic.k + 1).clamp(DEFAULT_TOP.min(MAX_K), MAX_K);
    let best = match kind {
        RateKind::Classic => classic,
        RateKind::True => {
            end = DEFAULT_TOP.min(MAX_K);
            let mut truth = scan.best_true(1..=end, &classic)?;
            while truth.k == end && end < MAX_K {
                end += 1;
                truth = scan.best_true(1..=end, &classic)?;
            }
            truth
        }
    };
    let reach = reach_of(DEFAULT_TOP, end, best.k == end);
    Ok(KRule {
        best,
        range: 1..=end,
        reach,
    })
}

/// The best k of both rates over exactly `range` (no widening), with the
/// classic rate of every k of the range in `points`.
pub fn best_k_over(
    m: u64,
    n: u64,
    range: RangeInclusive<u32>,
    flag: &AtomicBool,
) -> Result<KScan, RateError> {
    if range.is_empty() || *range.start() < 1 || *range.end() > MAX_K {
        return Err(RateError::InvalidParams {
            name: "k range",
            value: format!("{}..={}", range.start(), range.end()),
            range: "a non-empty range within 1..=1000",
        });
    }
    let mut scan = Scanner::new(m, n, flag)?;
    let classic = scan.best_classic(range.clone())?;
    let truth = scan.best_true(range.clone(), &classic)?;
    scan.finish(range, classic, truth, ScanReach::Requested)
}

fn reach_of(from: u32, end: u32, on_edge: bool) -> ScanReach {
    match end {
        e if e <= from => ScanReach::Default,
        e if e == MAX_K && on_edge => ScanReach::AtLimit { from },
        _ => ScanReach::Extended { from },
    }
}

/// Where the classic rate is smallest over the reals, `ln 2 / c` with
/// `c = -n ln(1 - 1/m)`; `None` when every k gives the same rate (no keys,
/// or a single bit).
fn real_optimum(m: u64, n: u64) -> Option<f64> {
    if n == 0 || m <= 1 {
        return None;
    }
    let c = -(n as f64) * (-1.0 / m as f64).ln_1p();
    Some(std::f64::consts::LN_2 / c)
}

/// One k while it is being ranked.
#[derive(Debug, Clone)]
struct Entry {
    bits: u64,
    enclosure: Enclosure,
}

/// The enclosures computed so far, by k.
struct Scanner<'a> {
    m: u64,
    n: u64,
    classic: BTreeMap<u32, Entry>,
    truth: BTreeMap<u32, Entry>,
    flag: &'a AtomicBool,
}

impl<'a> Scanner<'a> {
    fn new(m: u64, n: u64, flag: &'a AtomicBool) -> Result<Self, RateError> {
        Params::new(m, n, 1)?;
        Ok(Scanner {
            m,
            n,
            classic: BTreeMap::new(),
            truth: BTreeMap::new(),
            flag,
        })
    }

    fn map(&mut self, kind: RateKind) -> &mut BTreeMap<u32, Entry> {
        match kind {
            RateKind::Classic => &mut self.classic,
            RateKind::True => &mut self.truth,
        }
    }

    fn compute(&self, k: u32, kind: RateKind, bits: u64) -> Result<Entry, RateError> {
        cancel::check(self.flag)?;
        let p = Params::new(self.m, self.n, k)?;
        Ok(Entry {
            bits,
            enclosure: enclose_cancellable(p, kind, bits, self.flag)?,
        })
    }

    /// The entry of k, computed at the starting precision if missing.
    fn at(&mut self, kind: RateKind, k: u32) -> Result<&Entry, RateError> {
        if !self.map(kind).contains_key(&k) {
            let entry = self.compute(k, kind, START_BITS)?;
            self.map(kind).insert(k, entry);
        }
        self.map(kind).get(&k).ok_or(RateError::Cancelled)
    }

    /// The entry of k, refined until it is tight (see [`types::enclose_tight`]).
    fn tight(&mut self, kind: RateKind, k: u32) -> Result<&Entry, RateError> {
        let bits = self.at(kind, k)?.bits;
        let loose = self
            .map_ref(kind)
            .get(&k)
            .is_some_and(|e| e.enclosure.relative_width_log2() > types::TIGHT_LOG2);
        if loose {
            let p = Params::new(self.m, self.n, k)?;
            let (enclosure, bits) = types::enclose_tight(p, kind, bits * 2, self.flag)?;
            self.map(kind).insert(k, Entry { bits, enclosure });
        }
        self.map(kind).get(&k).ok_or(RateError::Cancelled)
    }

    /// The classic winner over `range`, from the few k around the real
    /// optimum (see the module notes), clamped to the range.
    fn best_classic(&mut self, range: RangeInclusive<u32>) -> Result<KBest, RateError> {
        let (lo, hi) = (*range.start(), *range.end());
        let around = match real_optimum(self.m, self.n) {
            None => vec![lo],
            Some(opt) if opt >= f64::from(hi) => vec![hi.saturating_sub(1).max(lo), hi],
            Some(opt) => {
                let centre = (opt.floor().max(1.0) as u32).clamp(lo, hi);
                (centre.saturating_sub(1)..=centre.saturating_add(2)).collect()
            }
        };
        let ks: Vec<u32> = around.into_iter().filter(|k| range.contains(k)).collect();
        self.best_among(RateKind::Classic, ks, None)
    }

    /// The true winner over `range`: the classic winner's true rate bounds
    /// the contest, and the contenders are the run of k around the classic
    /// winner whose classic rate stays within that bound.
    fn best_true(
        &mut self,
        range: RangeInclusive<u32>,
        classic: &KBest,
    ) -> Result<KBest, RateError> {
        let centre = classic.k.clamp(*range.start(), *range.end());
        // A loose bound would admit every k; the centre's true rate is
        // refined first, so the contenders are only the k that can win.
        let bound = self.tight(RateKind::True, centre)?.enclosure.high().clone();
        let mut ks = vec![centre];
        for step in [-1i64, 1] {
            let mut k = i64::from(centre) + step;
            while range.contains(&(k as u32)) && k >= 1 {
                let low = self
                    .at(RateKind::Classic, k as u32)?
                    .enclosure
                    .low()
                    .clone();
                if low.cmp_value(&bound).is_gt() {
                    break;
                }
                ks.push(k as u32);
                k += step;
            }
        }
        ks.sort_unstable();
        // On an exact tie of true rates the classic winner stands.
        self.best_among(RateKind::True, ks, Some(centre))
    }

    /// Prunes `ks` to the k whose lower end does not exceed the smallest
    /// upper end, refining the survivors until one is left.
    /// Exactly equal rates go to `prefer` when it is among them, else to
    /// the smallest k.
    fn best_among(
        &mut self,
        kind: RateKind,
        mut ks: Vec<u32>,
        prefer: Option<u32>,
    ) -> Result<KBest, RateError> {
        for &k in &ks {
            self.at(kind, k)?;
        }
        let pick = |tied: Vec<u32>| {
            let k = prefer.filter(|p| tied.contains(p)).unwrap_or(tied[0]);
            KBest {
                k,
                candidates: vec![k],
            }
        };
        loop {
            ks = self.survivors(kind, &ks);
            let entries: Vec<&Entry> = ks
                .iter()
                .filter_map(|k| self.map_ref(kind).get(k))
                .collect();
            let exact = entries.iter().all(|e| e.enclosure.is_exact());
            let bits = entries.iter().map(|e| e.bits).min().unwrap_or(MAX_BITS);
            if ks.len() <= 1 || exact {
                // Sorted by k; the survivors of exact enclosures are equal.
                return Ok(pick(ks));
            }
            if bits >= MAX_BITS {
                // Brackets cannot tell an exact tie from a near one; small
                // shapes are settled by their whole fractions.
                return Ok(match self.settle_exactly(kind, &ks)? {
                    Some(tied) => pick(tied),
                    None => KBest {
                        k: ks[0],
                        candidates: ks,
                    },
                });
            }
            for &k in &ks {
                let bits = self.map_ref(kind).get(&k).map_or(START_BITS, |e| e.bits);
                let refined = self.compute(k, kind, bits * 2)?;
                self.map(kind).insert(k, refined);
            }
        }
    }

    /// The k of `ks` whose exact rates are the lowest (several when they
    /// tie exactly), or `None` when a fraction is over [`SETTLE_BUDGET`].
    fn settle_exactly(&self, kind: RateKind, ks: &[u32]) -> Result<Option<Vec<u32>>, RateError> {
        let mut rates = Vec::with_capacity(ks.len());
        for &k in ks {
            let p = Params::new(self.m, self.n, k)?;
            let exact = match kind {
                RateKind::Classic => classic_exact_cancellable(p, SETTLE_BUDGET, self.flag),
                RateKind::True => true_exact_cancellable(p, SETTLE_BUDGET, self.flag),
            };
            match exact {
                Ok(r) => rates.push((k, r)),
                Err(RateError::BudgetExceeded { .. }) => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        let Some(lowest) = rates.iter().map(|(_, r)| r).min().cloned() else {
            return Ok(None);
        };
        Ok(Some(
            rates
                .into_iter()
                .filter(|(_, r)| *r == lowest)
                .map(|(k, _)| k)
                .collect(),
        ))
    }

    fn map_ref(&self, kind: RateKind) -> &BTreeMap<u32, Entry> {
        match kind {
            RateKind::Classic => &self.classic,
            RateKind::True => &self.truth,
        }
    }

    fn survivors(&self, kind: RateKind, ks: &[u32]) -> Vec<u32> {
        let map = self.map_ref(kind);
        let Some(lowest_top) = ks
            .iter()
            .filter_map(|k| map.get(k))
            .map(|e| e.enclosure.high())
            .min_by(|a, b| a.cmp_value(b))
            .cloned()
        else {
            return Vec::new();
        };
        ks.iter()
            .copied()
            .filter(|k| {
                map.get(k)
                    .is_some_and(|e| e.enclosure.low().cmp_value(&lowest_top).is_le())
            })
            .collect()
    }

    /// The scan's result, with the classic rate of every k of the range.
    fn finish(
        mut self,
        range: RangeInclusive<u32>,
        classic: KBest,
        true_rate: KBest,
        reach: ScanReach,
    ) -> Result<KScan, RateError> {
        let mut points = Vec::with_capacity(range.clone().count());
        let enclosed: Vec<u32> = self.truth.keys().copied().collect();
        for k in enclosed {
            // Points are drawn at their midpoints: make them mean something.
            self.tight(RateKind::True, k)?;
        }
        for k in range.clone() {
            let c = types::rate_point(&self.tight(RateKind::Classic, k)?.enclosure);
            let t = self.truth.get(&k).map(|e| types::rate_point(&e.enclosure));
            points.push(KPoint {
                k,
                classic: c,
                true_rate: t,
            });
        }
        Ok(KScan {
            m: self.m,
            n: self.n,
            range,
            reach,
            classic,
            true_rate,
            points,
        })
    }
}
