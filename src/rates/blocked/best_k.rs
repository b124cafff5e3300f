//! The k with the lowest blocked rate.
//!
//! A block holds about `lambda = B n / m` keys, and the rate of a block is
//! steeply convex in its load: an overfull block costs more than an
//! underfull one saves. Fewer probes per key soften that, so at high bits
//! per key the best k of a blocked filter sits below the classic
//! `(m/n) ln 2`.

use std::sync::atomic::AtomicBool;

use super::enclosure::blocked_enclosure_cancellable;
use super::{BlockedShape, Within};
use crate::rates::error::RateError;
use crate::rates::params::MAX_K;

/// Bits of precision the scan ranks by: far finer than any two k differ.
const RANK_BITS: u64 = 48;
/// The first k scanned to, widened by this much while the best sits on the edge.
const FIRST_TOP: u32 = 10;

/// The best k of a blocked shape and its rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockedBestK {
    /// The k with the lowest rate (the smaller one on a tie).
    pub k: u32,
    /// Its rate (the enclosure's middle, good to about 14 digits).
    pub rate: f64,
    /// The highest k scanned.
    pub scanned_to: u32,
}

/// Scans k from 1 to 10, widened by 10 at a time while the lowest rate sits
/// on the upper edge, for `shape`'s m, n and blocks (its own k is ignored).
pub fn blocked_best_k(
    shape: BlockedShape,
    within: Within,
    flag: &AtomicBool,
) -> Result<BlockedBestK, RateError> {
    let mut rates: Vec<f64> = Vec::new();
    let mut top = FIRST_TOP.min(MAX_K);
    loop {
        for k in rates.len() as u32 + 1..=top {
            let e = blocked_enclosure_cancellable(shape.with_k(k), within, RANK_BITS, flag)?;
            rates.push(e.log2_midpoint());
        }
        let (best, _) = rates
            .iter()
            .enumerate()
            .fold(
                (0, f64::INFINITY),
                |(bi, bv), (i, &v)| {
                    if v < bv { (i, v) } else { (bi, bv) }
                },
            );
        let k = best as u32 + 1;
        if k < top || top == MAX_K {
            return Ok(BlockedBestK {
                k,
                rate: rates[best].exp2(),
                scanned_to: top,
            });
        }
        top = (top + FIRST_TOP).min(MAX_K);
    }
}
