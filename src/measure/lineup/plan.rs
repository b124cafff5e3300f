//! What a line-up asks for, how each structure is sized for it, and the
//! memory it would take, checked against a budget before anything is built.

use std::sync::atomic::AtomicBool;

use super::LineupError;
use super::structure::Structure;
use crate::filter::cuckoo;
use crate::rates::RateError;
use crate::rates::budget::Budget;
use crate::rates::certified::RateKind;
use crate::rates::size_inputs::Target;
use crate::rates::solve::{SizeQuery, solve_size};

/// What to measure.
#[derive(Debug, Clone, PartialEq)]
pub struct LineupConfig {
    /// Keys each structure holds.
    pub n: u64,
    /// The target false-positive rate, as typed (exactly and as a double).
    pub target: Target,
    /// Never-inserted keys queried against each structure.
    pub queries: u64,
    /// Seed of the keys and of every hash: the same seed gives the same
    /// counts (only the timings differ from run to run).
    pub seed: u64,
}

impl LineupConfig {
    /// The floor: no structure answering "maybe" for a share p of strangers
    /// can hold n keys in fewer than `log2(1/p)` bits per key.
    pub fn floor_bits_per_key(&self) -> f64 {
        -self.target.value.log2()
    }
}

/// How the structures are sized for a line-up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sizes {
    /// The classic filter's bits, bloomlab's exact sizing for n and p (also
    /// the blocked, fastbloom and counting filters').
    pub bloom_m: u64,
    /// The classic filter's best k at that m.
    pub bloom_k: u32,
    /// The cuckoo filter's fingerprint bits.
    pub cuckoo_bits: u32,
}

/// Sizes the structures for `cfg`: the Bloom filters by bloomlab's own
/// sizing (the fewest bits whose exact classic rate at its best k meets p),
/// the cuckoo filter at the narrowest width it offers that meets p.
pub fn sizes(cfg: &LineupConfig, cancel: &AtomicBool) -> Result<Sizes, LineupError> {
    let query = SizeQuery {
        n: Some(cfg.n),
        p: Some(cfg.target.exact.clone()),
        m: None,
        k: None,
        by: RateKind::Classic,
    };
    let answer = solve_size(&query, 4, Budget::default(), cancel).map_err(|e| match e {
        RateError::Cancelled => LineupError::Cancelled,
        other => LineupError::Sizing(other.to_string()),
    })?;
    Ok(Sizes {
        bloom_m: answer.m,
        bloom_k: answer.k,
        cuckoo_bits: cuckoo::width_for(cfg.target.value),
    })
}

/// Bytes the keys and the largest construction take besides the tables, per
/// key: the queried keys are made on the fly, but the static filters hash
/// every key first (8 bytes) and xorf's xor construction keeps three sets
/// of 16 bytes per table entry (1.23 entries a key) and a 16-byte stack
/// entry per key.
const SCRATCH_PER_KEY: f64 = 8.0 + 3.0 * 16.0 * 1.23 + 16.0;

/// An estimate, from above, of one structure's table for n keys at rate p.
pub fn table_bytes(structure: Structure, n: u64, p: f64) -> f64 {
    let n_f = n as f64;
    // The exact sizing lands within a few tenths of a percent of the
    // textbook's bits; 2% over it is a safe bound.
    let bloom = n_f * (1.0 / p).ln() / std::f64::consts::LN_2.powi(2) * 1.02 / 8.0 + 64.0;
    match structure {
        Structure::Bloom | Structure::BlockedBloom | Structure::Fastbloom => bloom,
        Structure::CountingBloom => 4.0 * bloom,
        Structure::Cuckoo => {
            n_f / cuckoo::TARGET_LOAD * f64::from(cuckoo::width_for(p)) / 8.0 + 64.0
        }
        Structure::Quotient => qfilter::filter_specs(n.max(1), p)
            .map(|s| s.memory_bytes_max as f64)
            .unwrap_or(f64::INFINITY),
        Structure::Xor8 => 1.25 * n_f + 64.0,
        Structure::Xor16 => 2.0 * (1.25 * n_f + 64.0),
        Structure::BinaryFuse8 => 1.2 * n_f + 1024.0,
        Structure::BinaryFuse16 => 2.0 * (1.2 * n_f + 1024.0),
    }
}

/// Bytes a line-up of n keys at rate p needs, estimated from above: every
/// structure's table as if all were held at once, plus the keys' hashes
/// and the largest construction's scratch.
pub fn memory_needed(n: u64, p: f64) -> f64 {
    let tables: f64 = Structure::ALL.iter().map(|&s| table_bytes(s, n, p)).sum();
    tables + SCRATCH_PER_KEY * n as f64
}

/// The largest n whose line-up at rate p fits `budget` bytes (0 if none).
pub fn largest_n_within(p: f64, budget: u64) -> u64 {
    let fits = |n: u64| memory_needed(n, p) <= budget as f64;
    if !fits(1) {
        return 0;
    }
    let (mut low, mut high) = (1u64, 2u64);
    while fits(high) && high < 1 << 50 {
        low = high;
        high *= 2;
    }
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if fits(mid) { low = mid } else { high = mid }
    }
    low
}

/// Refuses a line-up whose memory estimate is over `budget`, naming the
/// budget and the largest n that fits.
pub fn check_memory(n: u64, p: f64, budget: u64) -> Result<(), LineupError> {
    let needed = memory_needed(n, p);
    if needed <= budget as f64 {
        return Ok(());
    }
    Err(LineupError::OverBudget {
        n,
        needed: needed.ceil() as u64,
        budget,
        largest: largest_n_within(p, budget),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_needed_grows_with_n_and_the_largest_fit_is_tight() {
        let budget = 2u64 << 30;
        let largest = largest_n_within(0.01, budget);
        assert!(memory_needed(largest, 0.01) <= budget as f64);
        assert!(memory_needed(largest + 1, 0.01) > budget as f64);
        assert!(check_memory(largest, 0.01, budget).is_ok());
        let Err(LineupError::OverBudget { largest: said, .. }) =
            check_memory(largest + 1, 0.01, budget)
        else {
            panic!("over the budget")
        };
        assert_eq!(said, largest);
        // A million keys at 1% need well under the budget.
        assert!(memory_needed(1_000_000, 0.01) < 2e8);
    }

    #[test]
    fn the_estimates_are_above_what_the_tables_take() {
        // The classic filter at a million keys and 1% is 9,592,956 bits.
        assert!(table_bytes(Structure::Bloom, 1_000_000, 0.01) > 9_592_956.0 / 8.0);
        assert!(table_bytes(Structure::Bloom, 1_000_000, 0.01) < 1.05 * 9_592_956.0 / 8.0);
    }
}
