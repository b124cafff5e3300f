//! The sentences beside each structure's figures: why it has the width or
//! size it has, what that costs, and why a model rate outside the measured
//! interval is there.

use std::sync::atomic::AtomicBool;

use super::plan::{LineupConfig, Sizes};
use super::report::StructureResult;
use super::structure::Structure;
use crate::filter::cuckoo::{self, WIDTHS};
use crate::filter::fixed_set::FixedKind;
use crate::rates::blocked::blocked_bits_for;

/// Why a model rate can sit outside a single structure's interval.
pub const OUTSIDE: &str = "the model's rate lies outside this one structure's 95% interval: a \
    run misses by chance about one time in twenty (try another --seed), and one filter's own \
    rate also follows its own fill";

/// The notes of one result.
pub(crate) fn notes(
    r: &StructureResult,
    cfg: &LineupConfig,
    sizes: &Sizes,
    cancel: &AtomicBool,
) -> Vec<String> {
    let p = cfg.target.value;
    let mut notes = Vec::new();
    match r.structure {
        Structure::Bloom => notes.push(
            "sized by bloomlab: the fewest bits whose exact classic rate at its best k meets p"
                .to_string(),
        ),
        Structure::BlockedBloom => {
            notes.push(
                "the classic filter's m and k, so blocking's cost shows at the same bits per key"
                    .to_string(),
            );
            if let Ok(Some((m, k))) = blocked_bits_for(cfg.n, p, cancel) {
                notes.push(format!(
                    "meeting p with 512-bit blocks takes about {:.2} bits per key (k = {k})",
                    m as f64 / cfg.n as f64
                ));
            }
        }
        Structure::Fastbloom => notes.push(
            "fastbloom 0.17 probes the whole bit array from one 64-bit hash (double hashing): a \
             classic filter, not a blocked one; here at the classic filter's m and k"
                .to_string(),
        ),
        Structure::CountingBloom => notes.push(format!(
            "a 4-bit counter per bit: the classic filter's rate for four times its {} bits",
            sizes.bloom_m
        )),
        Structure::Cuckoo => notes.push(cuckoo_width(sizes.cuckoo_bits, p)),
        Structure::Quotient => notes.push(
            "sized by qfilter for p: a power of two of slots kept at most 95% full, and \
             remainders of ceil(log2(1/p)) bits"
                .to_string(),
        ),
        Structure::Xor8 => notes.push(fixed(FixedKind::Xor8, p)),
        Structure::Xor16 => notes.push(fixed(FixedKind::Xor16, p)),
        Structure::BinaryFuse8 => notes.push(fixed(FixedKind::BinaryFuse8, p)),
        Structure::BinaryFuse16 => notes.push(fixed(FixedKind::BinaryFuse16, p)),
    }
    if let Some(reason) = &r.refused {
        notes.push(format!(
            "full after {} of {} keys: {reason}",
            r.inserted, cfg.n
        ));
    }
    if r.model_inside == Some(false) {
        notes.push(OUTSIDE.to_string());
    }
    notes
}

/// Why the cuckoo filter has the width it has.
fn cuckoo_width(bits: u32, p: f64) -> String {
    let offered = WIDTHS.map(|w| w.to_string()).join(", ");
    let at_target = cuckoo::model_rate(bits, cuckoo::TARGET_LOAD);
    match cuckoo::bits_needed(p) {
        Some(needed) if at_target <= p && needed == bits => {
            format!("f = {bits} bits, the fewest that meet p at 95% load")
        }
        Some(needed) if at_target <= p => format!(
            "f = {bits} bits: the narrowest width offered ({offered}) that meets p at 95% load; \
             {needed} bits would do"
        ),
        _ => format!(
            "f = {bits} bits, the widest offered ({offered}): about {at_target:.2e} at 95% \
             load, above p"
        ),
    }
}

/// What a static filter's fixed rate means against p.
fn fixed(kind: FixedKind, p: f64) -> String {
    let rate = kind.model_rate();
    let side = if rate <= p { "meets" } else { "misses" };
    format!(
        "built once from the set (its key hashes sorted and made unique); its rate 2^-{} = \
         {:.4}% {side} p",
        kind.entry_bits(),
        100.0 * rate
    )
}
