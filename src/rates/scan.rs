//! The one best-k rule, for the lab and the command line alike: the range
//! is the seed lesson's 1..=10, widened to one past the largest winner when
//! a winner lies beyond it (or to [`MAX_K`]), exactly where widening one k
//! at a time while a minimum sat on the upper edge used to stop. The
//! winners themselves are searched for over the whole range at once.
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
//! `ceil(k*)` (the nearest in-range k when `k*` is outside the range).
//!
//! **Classic search.** `k*` in doubles is off by a few units in the last
//! place, far less than 1 for any k up to 1000, so the window
//! `floor(k*) - 1 ..= floor(k*) + 2` holds both integer neighbours of the
//! exact `k*`. The window is ranked by certified comparisons and widened
//! while its winner sits on an edge the range lets move (the walk), so the
//! answer has a worse k on both sides whatever the doubles said; for a
//! unimodal rate that local minimum is the minimum. A handful of rates are
//! priced at any width of the range.
//!
//! **True search.** The true rate is never below the classic one (Jensen),
//! so no k whose classic rate exceeds the true rate at the classic winner
//! can win: the true winner lies in the run of k around the classic winner
//! whose classic rate stays at or below that bound (a run, by the classic
//! rate's unimodality). Each end of the run is found by bisection on the
//! classic rate. A run of up to [`WHOLE_RUN`] k is ranked whole, which
//! proves its winner. A longer one (light loads, where the true winner
//! sits hundreds of k below the classic one) is searched on the certified
//! sign of `T(k+1) - T(k)`: starting where a normal approximation in
//! doubles puts the minimum ([`true_ln_estimate`], a few k off), galloping
//! until the sign changes and bisecting, and the walk then checks the
//! neighbours until the rate rises on both sides. That is the minimum if
//! the true rate is unimodal in k, which is not proven here; it is checked
//! against ranking every k over every shape up to 40 bits and 6 keys and
//! over wider light-load shapes (the tests below), where the two always
//! agree. Heavy loads, where rates agree to millions of bits, are settled
//! by a bound instead ([`Scanner::heavy_winner`]).
//!
//! Rates are ranked by certified enclosures ([`super::certified`]): a k is
//! out once another's enclosure lies wholly below its own, survivors are
//! refined with doubled precision, and exactly equal rates (the true rate
//! at 3 bits and 1 key is 1/3 at k = 1 and k = 2) go to the smaller k.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use super::budget::Budget;
use super::cancel;
use super::certified::classic::classic_run;
use super::certified::compare::{MAX_BITS, START_BITS};
use super::certified::digits::enclose_cancellable;
use super::certified::{Enclosure, RateKind};
use super::classic::classic_exact_cancellable;
use super::dyadic::{Dir, Dyadic};
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

/// Brackets of the true winner up to this many k are ranked whole, proven
/// without assuming anything of the true rate's shape; wider ones are
/// searched (see [`Scanner::best_true`]).
const WHOLE_RUN: u32 = 8;

/// The end of the scan before any widening.
pub const DEFAULT_TOP: u32 = 10;

/// The one rule for both rates: 1..=10, widened while either minimum sits
/// on the upper edge; every k of the range carries its classic rate in
/// `points` (and its true rate where it was enclosed; see
/// [`KScan::fill_true_curve`]).
pub fn best_k_rule(m: u64, n: u64, flag: &AtomicBool) -> Result<KScan, RateError> {
    let mut scan = Scanner::new(m, n, flag)?;
    let classic = scan.best_classic(1..=MAX_K)?;
    let truth = scan.best_true(1..=MAX_K, &classic)?;
    let end = rule_end(&[classic.k, truth.k]);
    let on_edge = classic.k == end || truth.k == end;
    let reach = reach_of(DEFAULT_TOP, end, on_edge);
    scan.finish(1..=end, classic, truth, reach)
}

/// The one rule for one rate only, without the curve: the cheap form for
/// searches that only need the winner (the classic rule never encloses a
/// true rate). The range is where the widening would have stopped for this
/// rate.
pub fn best_k_rule_of(
    m: u64,
    n: u64,
    kind: RateKind,
    flag: &AtomicBool,
) -> Result<KRule, RateError> {
    let mut scan = Scanner::new(m, n, flag)?;
    let classic = scan.best_classic(1..=MAX_K)?;
    let best = match kind {
        RateKind::Classic => classic,
        RateKind::True => scan.best_true(1..=MAX_K, &classic)?,
    };
    let end = rule_end(&[best.k]);
    let reach = reach_of(DEFAULT_TOP, end, best.k == end);
    Ok(KRule {
        best,
        range: 1..=end,
        reach,
    })
}

/// Where the widening of 1..=10 stops: one past the largest winner, so
/// every winner is inside, or at the largest k. (Widening one k at a time
/// while a minimum sat on the upper edge ends there for unimodal rates;
/// the minima are now found directly over 1..=[`MAX_K`].)
fn rule_end(winners: &[u32]) -> u32 {
    let top = winners
        .iter()
        .map(|k| k.saturating_add(1))
        .max()
        .unwrap_or(0);
    top.clamp(DEFAULT_TOP, MAX_K)
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

/// `ln` of the true rate estimated in doubles, only to choose where the
/// certified search starts: with `X` the bits set and `mu`, `s^2` the mean
/// and variance of `X / m`, `ln(X / m)` to second order about `ln mu` and
/// `X` taken as normal give
/// `k ln mu + k^2 s^2 / (2 mu^2 (1 + t)) - ln(1 + t) / 2`, `t = k s^2 / mu^2`.
/// Its minimum lies within a few k of the true rate's at the shapes of
/// lab.md and at light loads (541 against 538 at 1000 bits and 1 key).
fn true_ln_estimate(m: u64, n: u64, k: u32) -> f64 {
    let (m, throws) = (m as f64, n as f64 * f64::from(k));
    let empty = (throws * (-1.0 / m).ln_1p()).exp();
    let both_empty = (throws * (-2.0 / m).ln_1p()).exp();
    let mu = 1.0 - empty;
    let var = ((1.0 - 1.0 / m) * both_empty + empty / m - empty * empty).max(0.0);
    let k = f64::from(k);
    let t = k * var / (mu * mu);
    k * mu.ln() + k * k * var / (2.0 * mu * mu * (1.0 + t)) - 0.5 * t.ln_1p()
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

    /// The classic winner over `range`: the window of k around the real
    /// optimum, walked until its winner has a worse k on both sides (see
    /// the module notes). Prices O(1) classic rates at any width of the
    /// range.
    fn best_classic(&mut self, range: RangeInclusive<u32>) -> Result<KBest, RateError> {
        let (lo, hi) = (*range.start(), *range.end());
        if let Some(k) = self.heavy_winner(lo)? {
            return Ok(KBest::proven(k));
        }
        let window = match real_optimum(self.m, self.n) {
            None => lo..=lo,
            Some(opt) if opt >= f64::from(hi) => hi.saturating_sub(1).max(lo)..=hi,
            Some(opt) => {
                let centre = (opt.floor().max(1.0) as u32).clamp(lo, hi);
                centre.saturating_sub(1).max(lo)..=centre.saturating_add(2).min(hi)
            }
        };
        self.walk(RateKind::Classic, window, &range)
    }

    /// The true winner over `range`. Its candidates are proven to lie in a
    /// run of k around the classic winner (the bracket of the module
    /// notes); a short run is ranked whole, a long one searched by
    /// bisection on the sign of `T(k+1) - T(k)` and the result walked until
    /// both neighbours are worse.
    fn best_true(
        &mut self,
        range: RangeInclusive<u32>,
        classic: &KBest,
    ) -> Result<KBest, RateError> {
        if let Some(k) = self.heavy_winner(*range.start())? {
            return Ok(KBest::proven(k));
        }
        let centre = classic.k.clamp(*range.start(), *range.end());
        // A loose bound would admit every k; the centre's true rate is
        // refined first, so the contenders are only the k that can win.
        let bound = self.tight(RateKind::True, centre)?.enclosure.high().clone();
        let bracket = self.bracket(&range, centre, &bound)?;
        if bracket.end() - bracket.start() < WHOLE_RUN {
            return self.best_among(RateKind::True, bracket.collect());
        }
        let (m, n) = (self.m, self.n);
        let estimate = bracket
            .clone()
            .min_by(|&a, &b| true_ln_estimate(m, n, a).total_cmp(&true_ln_estimate(m, n, b)))
            .unwrap_or(centre);
        // The search starts where the estimate, its slope set right by the
        // first two rates priced, puts the minimum.
        let estimate = self.corrected_guess(&bracket, estimate)?;
        let guess = self.first_rise(RateKind::True, &bracket, estimate)?;
        let window =
            guess.saturating_sub(1).max(*bracket.start())..=(guess + 1).min(*bracket.end());
        self.walk(RateKind::True, window, &bracket)
    }

    /// Where the search for the true winner starts: the minimum of
    /// [`true_ln_estimate`] over `run` after a linear term makes its slope
    /// at `from` agree with the true rate's, read from the enclosures of
    /// `T(from)` and `T(from + 1)` (which the search prices anyway when it
    /// starts at `from`). The estimate's error changes slowly with k, so
    /// this usually lands on the winner itself, and the search then prices
    /// just its two neighbours; it only chooses where to look, and the
    /// certified search proves whatever it finds.
    fn corrected_guess(&mut self, run: &RangeInclusive<u32>, from: u32) -> Result<u32, RateError> {
        if from >= *run.end() {
            return Ok(from);
        }
        let (m, n) = (self.m, self.n);
        let ln = |e: &Entry| e.enclosure.log2_midpoint() * std::f64::consts::LN_2;
        let here = ln(self.at(RateKind::True, from)?);
        let next = ln(self.at(RateKind::True, from + 1)?);
        let offset =
            (next - here) - (true_ln_estimate(m, n, from + 1) - true_ln_estimate(m, n, from));
        if !offset.is_finite() {
            return Ok(from);
        }
        let corrected =
            |k: u32| true_ln_estimate(m, n, k) + offset * (f64::from(k) - f64::from(from));
        Ok(run
            .clone()
            .map(|k| (k, corrected(k)))
            .filter(|(_, e)| e.is_finite())
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(from, |(k, _)| k))
    }

    /// With a heavy load (`q = (1 - 1/m)^n`, the chance a bit stays empty
    /// after one key per probe, below `1 / (lo + 1)`) both rates are lowest
    /// at the smallest k, `lo`, proven without telling rates that agree to
    /// millions of bits apart. With `Y` the empty bits after `kn` throws,
    /// `E[Y] / m = q^k`, and `1 - (1 - y)^k` lies between `y` and `ky`; so
    /// `1 - T(k)` lies between `q^k` and `k q^k`, and so does
    /// `1 - C(k) = 1 - (1 - q^k)^k`. Hence both rates at `lo` are at most
    /// `1 - q^lo`, and both at any `k > lo` at least `1 - k q^k`, which is
    /// larger when `k q^(k - lo) < 1`. That product shrinks as k grows
    /// (each step multiplies it by `(k + 1) q / k < 1`), so `(lo + 1) q < 1`
    /// settles every k at once. `None` when the load is lighter than that.
    fn heavy_winner(&mut self, lo: u32) -> Result<Option<u32>, RateError> {
        if self.n == 0 || self.m <= 1 {
            return Ok(None);
        }
        // The classic rate at k = 1 is exactly `1 - q`.
        let hit = self.at(RateKind::Classic, 1)?.enclosure.low().clone();
        let scaled = hit.mul_u64(u64::from(lo) + 1, START_BITS, Dir::Down);
        Ok(scaled
            .cmp_value(&Dyadic::from_u64(u64::from(lo)))
            .is_gt()
            .then_some(lo))
    }

    /// The k of `range` around `centre` whose classic rate may lie at or
    /// below `bound`: every true rate outside is above it (the true rate is
    /// never below the classic one), so no k outside can win if `bound` is
    /// a true rate. The classic rate falls strictly up to the classic
    /// winner and rises strictly after it, so once one k on a side is
    /// proven above `bound`, so is every k beyond it: each end is found by
    /// bisection, pricing O(log) classic rates.
    fn bracket(
        &mut self,
        range: &RangeInclusive<u32>,
        centre: u32,
        bound: &Dyadic,
    ) -> Result<RangeInclusive<u32>, RateError> {
        let (lo, hi) = (*range.start(), *range.end());
        // Left: the largest k below the centre proven above the bound.
        let mut start = lo;
        let (mut l, mut h) = (i64::from(lo), i64::from(centre) - 1);
        while l <= h {
            let mid = l + (h - l) / 2;
            if self.above(mid as u32, bound)? {
                start = mid as u32 + 1;
                l = mid + 1;
            } else {
                h = mid - 1;
            }
        }
        // Right: the smallest k above the centre proven above the bound.
        let mut end = hi;
        let (mut l, mut h) = (i64::from(centre) + 1, i64::from(hi));
        while l <= h {
            let mid = l + (h - l) / 2;
            if self.above(mid as u32, bound)? {
                end = mid as u32 - 1;
                h = mid - 1;
            } else {
                l = mid + 1;
            }
        }
        Ok(start..=end)
    }

    /// Whether the classic rate at k is proven above `bound`.
    fn above(&mut self, k: u32, bound: &Dyadic) -> Result<bool, RateError> {
        let low = self.at(RateKind::Classic, k)?.enclosure.low().clone();
        Ok(low.cmp_value(bound).is_gt())
    }

    /// The first k of `run` whose rate does not provably fall to the next
    /// k: the minimum of a unimodal rate (see [`first_rise`]).
    fn first_rise(
        &mut self,
        kind: RateKind,
        run: &RangeInclusive<u32>,
        guess: u32,
    ) -> Result<u32, RateError> {
        let end = *run.end();
        first_rise(run, guess, |k| self.rises(kind, k, end))
    }

    /// Whether the rate does not provably fall from k to k + 1 (true at
    /// the end of the run).
    fn rises(&mut self, kind: RateKind, k: u32, end: u32) -> Result<bool, RateError> {
        if k >= end {
            return Ok(true);
        }
        Ok(self.order(kind, k + 1, k)? != Some(Ordering::Less))
    }

    /// The certified order of the rates at `a` and `b`: enclosures refined
    /// until they separate, the whole fractions when they agree to
    /// [`MAX_BITS`] bits, `None` when those are over [`SETTLE_BUDGET`].
    fn order(&mut self, kind: RateKind, a: u32, b: u32) -> Result<Option<Ordering>, RateError> {
        loop {
            let ea = self.at(kind, a)?.clone();
            let eb = self.at(kind, b)?.clone();
            if ea.enclosure.below(&eb.enclosure) {
                return Ok(Some(Ordering::Less));
            }
            if eb.enclosure.below(&ea.enclosure) {
                return Ok(Some(Ordering::Greater));
            }
            if ea.enclosure.is_exact() && eb.enclosure.is_exact() {
                return Ok(Some(Ordering::Equal));
            }
            if ea.bits.min(eb.bits) >= MAX_BITS {
                return Ok(self
                    .settle_exactly(kind, &[a, b])?
                    .map(|tied| match tied[..] {
                        [_, _] => Ordering::Equal,
                        [k] if k == a => Ordering::Less,
                        _ => Ordering::Greater,
                    }));
            }
            for (k, e) in [(a, ea), (b, eb)] {
                if !e.enclosure.is_exact() && e.bits < MAX_BITS {
                    let refined = self.compute(k, kind, e.bits * 2)?;
                    self.map(kind).insert(k, refined);
                }
            }
        }
    }

    /// Ranks `window` and widens it while its winner sits on an edge that
    /// `run` lets move, so the answer is a k whose neighbours in `run` are
    /// both worse (or tied at a larger k): the minimum of `run` when the
    /// rate is unimodal on it, and only a few more rates than the window
    /// when the window held the minimum already.
    fn walk(
        &mut self,
        kind: RateKind,
        window: RangeInclusive<u32>,
        run: &RangeInclusive<u32>,
    ) -> Result<KBest, RateError> {
        let (mut lo, mut hi) = (*window.start(), *window.end());
        loop {
            let best = self.best_among(kind, (lo..=hi).collect())?;
            // Rates no precision told apart are reported as they are.
            let left = best.k == lo && lo > *run.start();
            let right = best.k == hi && hi < *run.end();
            if !best.is_proven() || (!left && !right) {
                return Ok(best);
            }
            if left {
                lo -= 1;
            }
            if right {
                hi += 1;
            }
        }
    }

    /// Prunes `ks` to the k whose lower end does not exceed the smallest
    /// upper end, refining the survivors until one is left.
    /// Exactly equal rates go to the smallest k.
    fn best_among(&mut self, kind: RateKind, mut ks: Vec<u32>) -> Result<KBest, RateError> {
        for &k in &ks {
            self.at(kind, k)?;
        }
        let pick = |tied: Vec<u32>| KBest::proven(tied[0]);
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
        // The classic curve in one run where the search left gaps: every k
        // at once costs about what a handful of k cost one at a time.
        let missing: Vec<u32> = range
            .clone()
            .filter(|k| !self.classic.contains_key(k))
            .collect();
        if let (Some(&lo), Some(&hi)) = (missing.first(), missing.last()) {
            cancel::check(self.flag)?;
            let run = classic_run(self.m, self.n, lo..=hi, START_BITS);
            for (k, enclosure) in (lo..=hi).zip(run) {
                self.classic.entry(k).or_insert(Entry {
                    bits: START_BITS,
                    enclosure,
                });
            }
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

/// The first k of `run` at which `rises(k)` holds (`f(k + 1) >= f(k)`, or
/// no answer; it must hold at the run's end): the minimum of a unimodal
/// `f`, with ties going to the smaller k. The search starts at `guess` and
/// gallops away from it in doubling steps until the answer changes, then
/// bisects: O(log d) questions for a guess d away, O(log) of the run's
/// width at worst.
pub(crate) fn first_rise<E>(
    run: &RangeInclusive<u32>,
    guess: u32,
    mut rises: impl FnMut(u32) -> Result<bool, E>,
) -> Result<u32, E> {
    let (start, end) = (*run.start(), *run.end());
    let g = guess.clamp(start, end);
    // The answer lies in lo..=hi, where hi rises and lo - 1 does not.
    let (mut lo, mut hi);
    let mut step = 1;
    if rises(g)? {
        hi = g;
        loop {
            if hi - start < step {
                lo = start;
                break;
            }
            let probe = hi - step;
            if rises(probe)? {
                hi = probe;
                step *= 2;
            } else {
                lo = probe + 1;
                break;
            }
        }
    } else {
        lo = g + 1;
        loop {
            let probe = lo.saturating_add(step - 1);
            if probe >= end {
                hi = end;
                break;
            }
            if rises(probe)? {
                hi = probe;
                break;
            }
            lo = probe + 1;
            step *= 2;
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if rises(mid)? {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::cancel;

    /// Both winners over `range` by ranking every k of it at once, as the
    /// widening scan used to: the reference the searches must match.
    fn exhaustive(m: u64, n: u64, range: RangeInclusive<u32>) -> (KBest, KBest) {
        let never = cancel::never();
        let mut s = Scanner::new(m, n, &never).unwrap_or_else(|e| panic!("{e}"));
        let ks: Vec<u32> = range.collect();
        let classic = s.best_among(RateKind::Classic, ks.clone());
        let truth = s.best_among(RateKind::True, ks);
        match (classic, truth) {
            (Ok(c), Ok(t)) => (c, t),
            (c, t) => panic!("{m}/{n}: {c:?} {t:?}"),
        }
    }

    fn searched(m: u64, n: u64, range: RangeInclusive<u32>) -> (KBest, KBest, Scanner<'static>) {
        static NEVER: AtomicBool = AtomicBool::new(false);
        let mut s = Scanner::new(m, n, &NEVER).unwrap_or_else(|e| panic!("{e}"));
        let classic = s
            .best_classic(range.clone())
            .unwrap_or_else(|e| panic!("{m}/{n}: {e}"));
        let truth = s
            .best_true(range, &classic)
            .unwrap_or_else(|e| panic!("{m}/{n}: {e}"));
        (classic, truth, s)
    }

    #[test]
    fn exact_ties_of_the_true_rate_go_to_the_smaller_k() {
        // 3 bits, 1 key: the true rate is exactly 1/3 at k = 1 and at k = 2
        // (E[(X/3)^2] = 1/3 * 1/9 + 2/3 * 4/9), while the classic rate
        // prefers k = 2.
        let (classic, truth, _) = searched(3, 1, 1..=10);
        assert_eq!(classic.k, 2);
        assert_eq!(truth, KBest::proven(1));
        let never = cancel::never();
        let rule = best_k_rule(3, 1, &never).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rule.true_rate, KBest::proven(1));
    }

    #[test]
    fn the_searches_match_ranking_every_k() {
        // Every shape up to 40 bits and 6 keys, and wider filters whose
        // winners sit far from the classic one or on the edge of the range.
        let mut shapes: Vec<(u64, u64, u32)> = Vec::new();
        for m in 1..=40 {
            for n in 0..=6 {
                shapes.push((m, n, 24));
            }
        }
        for m in [100, 160, 300, 1000, 3000] {
            for n in [1, 2, 3, 7, 16, 50] {
                shapes.push((m, n, 40));
            }
        }
        let mut searched_runs = 0;
        for (m, n, top) in shapes {
            let (c, t) = exhaustive(m, n, 1..=top);
            let (sc, st, s) = searched(m, n, 1..=top);
            assert_eq!((sc, st), (c, t), "{m}/{n} over 1..={top}");
            searched_runs += usize::from(s.truth.len() < top as usize);
        }
        assert!(searched_runs > 100, "{searched_runs}");
    }

    #[test]
    fn the_classic_search_prices_a_handful_of_k_at_any_width() {
        for (m, n) in [
            (160, 16),
            (16, 3),
            (1_000_000, 1),
            (1000, 1),
            (1_000_000, 1_000_000_000_000),
            (1_000_000_000_000_000_000, 1),
        ] {
            for top in [10, 100, 1000] {
                let never = cancel::never();
                let mut s = Scanner::new(m, n, &never).unwrap_or_else(|e| panic!("{e}"));
                s.best_classic(1..=top).unwrap_or_else(|e| panic!("{e}"));
                assert!(
                    s.classic.len() <= 6,
                    "{m}/{n} over 1..={top}: {}",
                    s.classic.len()
                );
            }
        }
    }

    #[test]
    fn a_corrected_start_prices_few_true_rates_at_light_loads() {
        // The true winner lies far below the classic one and a few k from
        // the estimate's (538 against 693 and 541 at 1000 bits and 1 key,
        // where the gallop from the estimate alone priced 10 true rates).
        // With the slope corrected the search prices the classic winner's
        // (the bound), the two at the estimate, and the winner with its
        // two neighbours.
        for (m, n) in [(1000, 1), (2000, 2), (600, 1)] {
            let (_, _, s) = searched(m, n, 1..=1000);
            let priced: Vec<u32> = s.truth.keys().copied().collect();
            assert!(priced.len() <= 6, "{m}/{n}: {priced:?}");
        }
    }

    #[test]
    fn the_true_search_prices_logarithmically_many_k() {
        // Light loads put the true winner far below the classic one, with
        // hundreds of k in between that the classic bound cannot rule out.
        for (m, n, top) in [(1000, 1, 60), (1000, 1, 200), (3000, 2, 400)] {
            let (_, _, s) = searched(m, n, 1..=top);
            let log = f64::from(top).log2().ceil() as usize;
            assert!(
                s.truth.len() <= 2 * log + 6,
                "{m}/{n} over 1..={top}: {} true rates priced",
                s.truth.len()
            );
        }
        // Rates within 2^-16384 of one apart: settled by the heavy-load
        // bound, not by pricing.
        let (c, t, s) = searched(1_000_000, 1_000_000_000_000, 1..=1000);
        assert_eq!((c, t), (KBest::proven(1), KBest::proven(1)));
        assert!(s.truth.is_empty());
    }
}
