//! The one best-k rule, for the lab and the command line alike: scan k over
//! 1..=10 as the seed lesson does, and while the smallest rate sits on the
//! upper edge of the range, widen it by one, so the minimum always ends up
//! inside (or the range reaches [`MAX_K`]).
//!
//! Both rates are ranked by certified enclosures ([`super::certified`]),
//! whatever the size of their fractions: each k is out as soon as another
//! k's enclosure lies wholly below its own, and the survivors are refined
//! with doubled precision until one is left. Equal rates (only when no key
//! is inserted, or with one bit) go to the smaller k. The true rate is
//! never below the classic one (Jensen), so any k whose classic rate
//! already exceeds the true rate of the classic winner cannot win the true
//! scan either: only the few k left are enclosed for the true rate.

use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use super::cancel;
use super::certified::compare::{MAX_BITS, START_BITS};
use super::certified::digits::enclose_cancellable;
use super::certified::{Enclosure, RateKind};
use super::error::RateError;
use super::params::{MAX_K, Params};

/// The end of the scan before any widening.
pub const DEFAULT_TOP: u32 = 10;

/// How the scanned range came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanReach {
    /// The seed's 1..=10, which held both minima inside.
    Default,
    /// Exactly the range the caller asked for.
    Requested,
    /// Widened past `from` because the minimum sat on the upper edge.
    Extended {
        /// The end of the range before widening.
        from: u32,
    },
    /// Widened past `from` up to [`MAX_K`], and the minimum still sits on
    /// the edge: a larger k might do better.
    AtLimit {
        /// The end of the range before widening.
        from: u32,
    },
}

/// The winner of one scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KBest {
    /// The best k (with several candidates, the smallest of them).
    pub k: u32,
    /// Every k that may be the best, in increasing order: just `k` when the
    /// enclosures proved it; more only when two rates agreed to
    /// [`MAX_BITS`] bits without being provably equal.
    pub candidates: Vec<u32>,
}

impl KBest {
    /// Whether the enclosures proved `k` the best.
    pub fn is_proven(&self) -> bool {
        self.candidates.len() == 1
    }
}

/// A rate on the curve, as a double and as a base-10 logarithm (the double
/// is 0 for rates below about 1e-308; the logarithm is not).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatePoint {
    /// The rate (midpoint of its enclosure).
    pub value: f64,
    /// `log10` of the rate (negative infinity for a zero rate).
    pub log10: f64,
}

/// One k of the scan, for drawing the rate-against-k curves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KPoint {
    /// The number of hash positions.
    pub k: u32,
    /// The classic rate at this k.
    pub classic: RatePoint,
    /// The true rate at this k, when it was enclosed (always for the
    /// candidates of the true scan; for every k after
    /// [`KScan::fill_true_curve`]).
    pub true_rate: Option<RatePoint>,
}

/// The outcome of a scan: both winners, the range and why it is that wide.
#[derive(Debug, Clone, PartialEq)]
pub struct KScan {
    /// Bits in the filter.
    pub m: u64,
    /// Keys inserted.
    pub n: u64,
    /// The k values scanned.
    pub range: RangeInclusive<u32>,
    /// Why the range is what it is.
    pub reach: ScanReach,
    /// Best k by the classic rate.
    pub classic: KBest,
    /// Best k by the true rate.
    pub true_rate: KBest,
    /// Every k of the range, in order.
    pub points: Vec<KPoint>,
}

/// The one rule: 1..=10, widened while either minimum sits on the upper
/// edge.
pub fn best_k_rule(m: u64, n: u64, flag: &AtomicBool) -> Result<KScan, RateError> {
    let mut scan = Scanner::new(m, n, 1..=DEFAULT_TOP.min(MAX_K), flag)?;
    let from = scan.end();
    let (classic, true_rate) = scan.widen_while_on_edge()?;
    let end = scan.end();
    let reach = reach_of(from, end, classic.k == end || true_rate.k == end);
    Ok(scan.finish(classic, true_rate, reach))
}

/// The winner of the one rule for a single rate, with its range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KRule {
    /// The best k.
    pub best: KBest,
    /// The k values scanned.
    pub range: RangeInclusive<u32>,
    /// Why the range is what it is.
    pub reach: ScanReach,
}

/// The one rule for one rate only: cheaper than [`best_k_rule`] when the
/// other rate's winner is not wanted (the classic scan never encloses a
/// true rate). The range widens while this rate's minimum is on the edge.
pub fn best_k_rule_of(
    m: u64,
    n: u64,
    kind: RateKind,
    flag: &AtomicBool,
) -> Result<KRule, RateError> {
    let mut scan = Scanner::new(m, n, 1..=DEFAULT_TOP.min(MAX_K), flag)?;
    let from = scan.end();
    let best = loop {
        let classic = scan.best(RateKind::Classic)?;
        let best = match kind {
            RateKind::Classic => classic,
            RateKind::True => scan.best_true(&classic)?,
        };
        let end = scan.end();
        if best.k == end && end < MAX_K {
            scan.push(end + 1)?;
            continue;
        }
        break best;
    };
    let reach = reach_of(from, scan.end(), best.k == scan.end());
    Ok(KRule {
        best,
        range: scan.start..=scan.end(),
        reach,
    })
}

fn reach_of(from: u32, end: u32, on_edge: bool) -> ScanReach {
    match end {
        e if e == from => ScanReach::Default,
        e if e == MAX_K && on_edge => ScanReach::AtLimit { from },
        _ => ScanReach::Extended { from },
    }
}

/// The best k of both rates over exactly `range` (no widening).
pub fn best_k_over(
    m: u64,
    n: u64,
    range: RangeInclusive<u32>,
    flag: &AtomicBool,
) -> Result<KScan, RateError> {
    let mut scan = Scanner::new(m, n, range, flag)?;
    let classic = scan.best(RateKind::Classic)?;
    let true_rate = scan.best_true(&classic)?;
    Ok(scan.finish(classic, true_rate, ScanReach::Requested))
}

impl KScan {
    /// Encloses the true rate at every k of the range that does not have
    /// it yet (the lab's true curve). Costs one true-rate enclosure per k:
    /// microseconds to milliseconds each for k up to 64, more for k in the
    /// hundreds.
    pub fn fill_true_curve(&mut self, flag: &AtomicBool) -> Result<(), RateError> {
        for point in self.points.iter_mut().filter(|p| p.true_rate.is_none()) {
            let p = Params::new(self.m, self.n, point.k)?;
            let e = enclose_cancellable(p, RateKind::True, START_BITS, flag)?;
            point.true_rate = Some(rate_point(&e));
        }
        Ok(())
    }
}

fn rate_point(e: &Enclosure) -> RatePoint {
    RatePoint {
        value: e.midpoint(),
        log10: e.log2_midpoint() * std::f64::consts::LOG10_2,
    }
}

/// One k while it is being ranked.
#[derive(Debug, Clone)]
struct Entry {
    k: u32,
    bits: u64,
    enclosure: Enclosure,
}

/// The scan's working state: every k's classic enclosure, and the true
/// enclosures computed so far.
struct Scanner<'a> {
    m: u64,
    n: u64,
    start: u32,
    classic: Vec<Entry>,
    truth: Vec<Option<Entry>>,
    flag: &'a AtomicBool,
}

impl<'a> Scanner<'a> {
    fn new(
        m: u64,
        n: u64,
        range: RangeInclusive<u32>,
        flag: &'a AtomicBool,
    ) -> Result<Self, RateError> {
        if range.is_empty() {
            return Err(RateError::InvalidParams {
                name: "k range",
                value: format!("{}..={}", range.start(), range.end()),
                range: "a non-empty range within 1..=1000",
            });
        }
        let mut scan = Scanner {
            m,
            n,
            start: *range.start(),
            classic: Vec::new(),
            truth: Vec::new(),
            flag,
        };
        for k in range {
            scan.push(k)?;
        }
        Ok(scan)
    }

    fn end(&self) -> u32 {
        self.start + self.classic.len() as u32 - 1
    }

    /// Adds k (the next one after the current end) with its classic
    /// enclosure.
    fn push(&mut self, k: u32) -> Result<(), RateError> {
        let entry = self.entry(k, RateKind::Classic, START_BITS)?;
        self.classic.push(entry);
        self.truth.push(None);
        Ok(())
    }

    fn entry(&self, k: u32, kind: RateKind, bits: u64) -> Result<Entry, RateError> {
        cancel::check(self.flag)?;
        let p = Params::new(self.m, self.n, k)?;
        Ok(Entry {
            k,
            bits,
            enclosure: enclose_cancellable(p, kind, bits, self.flag)?,
        })
    }

    /// Widens by one k at a time while a minimum sits on the upper edge.
    fn widen_while_on_edge(&mut self) -> Result<(KBest, KBest), RateError> {
        loop {
            let classic = self.best(RateKind::Classic)?;
            let end = self.end();
            if classic.k == end && end < MAX_K {
                self.push(end + 1)?;
                continue;
            }
            let true_rate = self.best_true(&classic)?;
            if true_rate.k == end && end < MAX_K {
                self.push(end + 1)?;
                continue;
            }
            return Ok((classic, true_rate));
        }
    }

    /// The best k by the classic rate (`kind` Classic) over every entry.
    fn best(&mut self, kind: RateKind) -> Result<KBest, RateError> {
        let all: Vec<usize> = (0..self.classic.len()).collect();
        self.best_among(kind, all)
    }

    /// The best k by the true rate: the classic winner's true rate bounds
    /// the contest, and only the k whose classic rate is not above that
    /// bound are enclosed.
    fn best_true(&mut self, classic: &KBest) -> Result<KBest, RateError> {
        let at = (classic.k - self.start) as usize;
        self.ensure_true(at)?;
        let bound = match &self.truth[at] {
            Some(e) => e.enclosure.high().clone(),
            None => return Ok(classic.clone()),
        };
        let contenders: Vec<usize> = (0..self.classic.len())
            .filter(|&i| self.classic[i].enclosure.low().cmp_value(&bound).is_le())
            .collect();
        for &i in &contenders {
            self.ensure_true(i)?;
        }
        self.best_among(RateKind::True, contenders)
    }

    fn ensure_true(&mut self, i: usize) -> Result<(), RateError> {
        if self.truth[i].is_none() {
            let k = self.classic[i].k;
            self.truth[i] = Some(self.entry(k, RateKind::True, START_BITS)?);
        }
        Ok(())
    }

    /// Prunes `alive` (indices) to the k whose lower end does not exceed
    /// the smallest upper end, refining the survivors until one is left.
    fn best_among(&mut self, kind: RateKind, mut alive: Vec<usize>) -> Result<KBest, RateError> {
        loop {
            alive = self.survivors(kind, &alive);
            let exact = alive
                .iter()
                .all(|&i| self.get(kind, i).enclosure.is_exact());
            let bits = alive.iter().map(|&i| self.get(kind, i).bits).min();
            let done = alive.len() <= 1 || exact || bits.is_none_or(|b| b >= MAX_BITS);
            if done {
                // Survivors are listed by k; exactly equal rates go to the
                // smaller k, so an all-exact list names its first.
                let ks: Vec<u32> = alive.iter().map(|&i| self.get(kind, i).k).collect();
                let candidates = if exact { ks[..1].to_vec() } else { ks };
                return Ok(KBest {
                    k: candidates[0],
                    candidates,
                });
            }
            for &i in &alive {
                let old = self.get(kind, i);
                let refined = self.entry(old.k, kind, old.bits * 2)?;
                match kind {
                    RateKind::Classic => self.classic[i] = refined,
                    RateKind::True => self.truth[i] = Some(refined),
                }
            }
        }
    }

    fn get(&self, kind: RateKind, i: usize) -> &Entry {
        match kind {
            RateKind::Classic => &self.classic[i],
            RateKind::True => self.truth[i].as_ref().unwrap_or(&self.classic[i]),
        }
    }

    fn survivors(&self, kind: RateKind, alive: &[usize]) -> Vec<usize> {
        let Some(lowest_top) = alive
            .iter()
            .map(|&i| self.get(kind, i).enclosure.high())
            .min_by(|a, b| a.cmp_value(b))
            .cloned()
        else {
            return Vec::new();
        };
        alive
            .iter()
            .copied()
            .filter(|&i| {
                self.get(kind, i)
                    .enclosure
                    .low()
                    .cmp_value(&lowest_top)
                    .is_le()
            })
            .collect()
    }

    fn finish(self, classic: KBest, true_rate: KBest, reach: ScanReach) -> KScan {
        let points = self
            .classic
            .iter()
            .zip(&self.truth)
            .map(|(c, t)| KPoint {
                k: c.k,
                classic: rate_point(&c.enclosure),
                true_rate: t.as_ref().map(|t| rate_point(&t.enclosure)),
            })
            .collect();
        KScan {
            m: self.m,
            n: self.n,
            range: self.start..=self.end(),
            reach,
            classic,
            true_rate,
            points,
        }
    }
}
