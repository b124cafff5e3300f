//! What a best-k scan reports.

use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;

use crate::rates::certified::compare::{MAX_BITS, START_BITS};
use crate::rates::certified::digits::enclose_cancellable;
use crate::rates::certified::{Enclosure, RateKind};
use crate::rates::error::RateError;
use crate::rates::params::Params;

/// How the scanned range came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanReach {
    /// The seed's 1..=10, which held the minimum inside.
    Default,
    /// Exactly the range the caller asked for.
    Requested,
    /// Widened past `from` because the minimum sat on the upper edge.
    Extended {
        /// The end of the range before widening.
        from: u32,
    },
    /// Widened past `from` up to the largest k, and the minimum still sits
    /// on the edge: a larger k would do better.
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
    /// enclosures proved it; more only when two rates agreed to the widest
    /// precision tried without being provably equal.
    pub candidates: Vec<u32>,
}

impl KBest {
    /// A winner the enclosures proved.
    pub fn proven(k: u32) -> Self {
        KBest {
            k,
            candidates: vec![k],
        }
    }

    /// Whether the enclosures proved `k` the best.
    pub fn is_proven(&self) -> bool {
        self.candidates.len() == 1
    }
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
    /// The true rate at this k, when it was enclosed (the contenders of
    /// the true scan; every k after [`KScan::fill_true_curve`]).
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

impl KScan {
    /// Encloses the true rate at every k of the range that does not have
    /// it yet (the lab's true curve). Costs one true-rate enclosure per k:
    /// microseconds to milliseconds each for k up to 64, more for k in the
    /// hundreds.
    pub fn fill_true_curve(&mut self, flag: &AtomicBool) -> Result<(), RateError> {
        for point in self.points.iter_mut().filter(|p| p.true_rate.is_none()) {
            let p = Params::new(self.m, self.n, point.k)?;
            let (e, _) = enclose_tight(p, RateKind::True, START_BITS, flag)?;
            point.true_rate = Some(rate_point(&e));
        }
        Ok(())
    }
}

/// Relative width, as a power of two, below which an enclosure's midpoint
/// is good to about seven digits: plenty for a curve or a bound.
pub(super) const TIGHT_LOG2: f64 = -24.0;

/// An enclosure of `kind` at `p` refined from `bits` until its relative
/// width is below [`TIGHT_LOG2`] (or the precision reaches its ceiling),
/// with the precision it took.
/// At the starting precision the true rate's alternating sum can leave an
/// enclosure many orders of magnitude wide at large k; its midpoint then
/// says little, and as a bound it admits every k.
pub(super) fn enclose_tight(
    p: Params,
    kind: RateKind,
    mut bits: u64,
    flag: &AtomicBool,
) -> Result<(Enclosure, u64), RateError> {
    loop {
        let e = enclose_cancellable(p, kind, bits, flag)?;
        if e.relative_width_log2() <= TIGHT_LOG2 || bits >= MAX_BITS {
            return Ok((e, bits));
        }
        bits *= 2;
    }
}

pub(super) fn rate_point(e: &Enclosure) -> RatePoint {
    RatePoint {
        value: e.midpoint(),
        log10: e.log2_midpoint() * std::f64::consts::LOG10_2,
    }
}
