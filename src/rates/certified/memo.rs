//! The last few true-rate enclosures, kept for reuse.
//!
//! At k in the hundreds one true-rate enclosure costs a good part of a
//! second, and almost all of that goes on the Stirling weights and the
//! powers, which cost the same at 48 bits as at 200. One `rate` asks for
//! the same shape several times (the best-k search, then its winners' 10
//! and 17 digits, then the true rate at the classic winner), each time a
//! little more precisely. So an enclosure of a large k is worked out once
//! with room to spare ([`AHEAD_BITS`]) and handed back to any later request
//! it is narrow enough for: a narrower enclosure than asked for is just as
//! certain, it only settles digits sooner.

use std::sync::Mutex;

use super::Enclosure;
use crate::rates::params::Params;

/// How many enclosures are kept (the most recent ones).
const KEPT: usize = 64;
/// From this k on an enclosure is worked out at [`AHEAD_BITS`] at least.
pub(super) const AHEAD_FROM_K: u32 = 24;
/// The precision a large-k enclosure is worked out at, at least: enough
/// for 17 significant digits (the 73 bits their first try asks for) and for
/// the search's doubling from 48.
pub(super) const AHEAD_BITS: u64 = 96;

static KEPT_ENCLOSURES: Mutex<Vec<(Params, Enclosure)>> = Mutex::new(Vec::new());

/// A kept true-rate enclosure of `p` whose relative width is below
/// `2^-prec`.
pub(super) fn recall(p: Params, prec: u64) -> Option<Enclosure> {
    let kept = KEPT_ENCLOSURES.lock().ok()?;
    kept.iter()
        .rev()
        .find(|(q, e)| *q == p && e.relative_width_log2() <= -(prec as f64))
        .map(|(_, e)| e.clone())
}

/// Keeps `e` as the enclosure of `p`, replacing a wider one.
pub(super) fn keep(p: Params, e: &Enclosure) {
    let Ok(mut kept) = KEPT_ENCLOSURES.lock() else {
        return;
    };
    kept.retain(|(q, _)| *q != p);
    if kept.len() >= KEPT {
        kept.remove(0);
    }
    kept.push((p, e.clone()));
}

/// Forgets every kept enclosure, so the next request works from scratch.
pub(super) fn forget() {
    if let Ok(mut kept) = KEPT_ENCLOSURES.lock() {
        kept.clear();
    }
}
