//! The k with the lowest blocked rate.
//!
//! A block holds about `lambda = B n / m` keys, and the rate of a block is
//! steeply convex in its load: an overfull block costs more than an
//! underfull one saves. Fewer probes per key soften that, so at high bits
//! per key the best k of a blocked filter sits below the classic
//! `(m/n) ln 2`.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use super::enclosure::blocked_enclosure_cancellable;
use super::poisson::ln_blocked_poisson;
use super::{BlockedShape, Within};
use crate::rates::certified::compare::MAX_BITS;
use crate::rates::error::RateError;
use crate::rates::params::MAX_K;
use crate::rates::scan::first_rise;

/// Bits of precision the first enclosure of a k is worked out at, with
/// more than one key. The alternating sum's guard bits are estimated from
/// the Poisson formula, which can fall 80 bits short (two keys in 1000
/// bits at k near 100, where 64 bits gave a lower end of 0); starting
/// here saves most retries.
const RANK_BITS: u64 = 128;
/// The same with one key, whose enclosure is a sum of positive terms and
/// as tight as asked. Kept below the 110 bits the 128-bit sums over set
/// bits reach, so those are used rather than big numbers.
const ONE_KEY_RANK_BITS: u64 = 64;
/// Relative width, as a power of two, an enclosure is refined to before
/// its midpoint ranks its k: about seven digits, far finer than two
/// neighbouring k differ at their best.
const RANK_WIDTH: f64 = -24.0;

/// The best k of a blocked shape and its rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockedBestK {
    /// The k with the lowest rate (the smaller one on a tie).
    pub k: u32,
    /// Its rate (the enclosure's middle, good to about 14 digits).
    pub rate: f64,
    /// The highest k whose rate was priced.
    pub scanned_to: u32,
}

/// The best k of `shape`'s m, n and blocks (its own k is ignored).
///
/// Each k is ranked by an enclosure refined until it is tight. At 48 bits
/// the sum inside a block can cancel to a lower end of 0, and its midpoint
/// is then only half the upper end. Ranking those midpoints gave k = 117
/// at 10^10 bits and one key, where the rate is lowest near k = 300, 2^56
/// times lower.
///
/// The rate is priced at O(log) k, not at every k up to the winner, which
/// took seconds at large k. The Poisson formula is log-convex in k: it is
/// a sum of classic rates, each log-convex, with weights that do not
/// depend on k. So its minimum is found by a search on the sign of its
/// steps. The search of the rate itself starts there. It walks away in
/// doubling steps to the first k whose next k is no better, then bisects.
/// That is the lowest rate when the rate falls and then rises in k. The
/// tests check this against a ranking of every k for several shapes, but
/// it is not proven. The widening scan this replaced also stopped at the
/// first minimum.
pub fn blocked_best_k(
    shape: BlockedShape,
    within: Within,
    flag: &AtomicBool,
) -> Result<BlockedBestK, RateError> {
    let run = 1..=MAX_K;
    let poisson = |k: u32| ln_blocked_poisson(shape.with_k(k));
    let optimum = (shape.m as f64 / shape.n.max(1) as f64 * std::f64::consts::LN_2)
        .clamp(1.0, f64::from(MAX_K)) as u32;
    let guess = first_rise(&run, optimum, |k| {
        Ok::<bool, RateError>(k >= MAX_K || poisson(k + 1) >= poisson(k))
    })?;
    let mut rates: BTreeMap<u32, f64> = BTreeMap::new();
    let mut rate = |k: u32| -> Result<f64, RateError> {
        if let Some(&r) = rates.get(&k) {
            return Ok(r);
        }
        let r = ranked(shape.with_k(k), within, flag)?;
        rates.insert(k, r);
        Ok(r)
    };
    let k = first_rise(&run, guess, |k| {
        Ok::<bool, RateError>(k >= MAX_K || rate(k + 1)? >= rate(k)?)
    })?;
    let best = rate(k)?;
    Ok(BlockedBestK {
        k,
        rate: best.exp2(),
        scanned_to: rates.keys().next_back().copied().unwrap_or(k),
    })
}

/// `log2` of the rate at `shape`, from an enclosure refined from
/// [`RANK_BITS`] (or [`ONE_KEY_RANK_BITS`]) until its relative width is below `2^RANK_WIDTH` (or the
/// precision reaches [`MAX_BITS`]).
fn ranked(shape: BlockedShape, within: Within, flag: &AtomicBool) -> Result<f64, RateError> {
    let mut bits = match shape.n {
        1 => ONE_KEY_RANK_BITS,
        _ => RANK_BITS,
    };
    loop {
        let e = blocked_enclosure_cancellable(shape, within, bits, flag)?;
        if e.relative_width_log2() <= RANK_WIDTH || bits >= MAX_BITS {
            return Ok(e.log2_midpoint());
        }
        bits *= 2;
    }
}
