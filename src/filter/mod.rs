//! The real Bloom filter: bits in bytes, probe schemes, and the counting variant.
//!
//! What it offers (the lab, the sandbox, `measure`, `lookup` and the
//! lecture's figures all use these):
//! - `SchemeKind::{Double, Enhanced, Independent, Blocked}`: the one list of probe
//!   schemes, with `name()`, `FromStr`, `with_seed(seed) -> Scheme`,
//!   `off_model_reason(m)` and `hash_wall(n)` / `hash_wall_reason(n)`.
//! - `Scheme::{Double, Enhanced, Independent { seed }, Blocked { seed }}` (a kind ready to run,
//!   `kind()` gives it back) with
//!   `Scheme::positions(&self, key: &[u8], m: u64, k: u32, out: &mut Vec<u64>)`.
//! - `BloomFilter::new(m, k, scheme) -> Result<BloomFilter, FilterError>`
//!   (the bits are allocated fallibly: `FilterError::OutOfMemory { bits, bytes }`),
//!   `insert(&mut self, key) -> InsertReport`, `query(&self, key) -> QueryReport`,
//!   `contains(&self, key) -> bool`, `is_set(pos) -> bool`, `count_ones() -> u64`,
//!   `m()`, `k()`, `scheme()`; for speed `add(key)` and
//!   `insert_counting_new_bits(key) -> u32`; for a filter filled on several
//!   threads `empty_like()` and `union_with(&other)`. The independent
//!   scheme's k probe seeds are worked out once per filter; the positions are
//!   exactly those of `Scheme::probes`.
//! - `InsertReport { positions, newly_set, already_set }` (positions in probe order).
//! - `QueryReport { positions /* all k, in probe order */, read /* bit value of each
//!   probe actually read */, stopped_at: Option<usize> /* index of the first 0 */ }`
//!   with `answer() -> Answer::{Maybe, No}`.
//! - `CountingFilter` with 4-bit counters: `insert`, `delete -> Result<_, DeleteError>`,
//!   `query`, `counter(pos) -> u8`.
//! - `cuckoo::CuckooFilter` (four-slot buckets, 8, 12 or 16-bit
//!   fingerprints): `insert -> Result<(), CuckooError>` (a full table is
//!   refused, never looped on), `contains`, `delete -> bool`.
//! - `membership::Membership`: one interface (insert, contains, delete,
//!   memory) over the filters filled key by key, with the crates' fastbloom
//!   and quotient filters wrapped beside bloomlab's; `fixed_set` wraps
//!   xorf's static xor and binary fuse filters.

pub mod bits;
pub mod blocked;
pub mod bloom;
pub mod counting;
pub mod cuckoo;
pub mod fixed_set;
pub mod hash;
pub mod independent;
pub mod kind;
pub mod membership;
pub mod probe;
pub mod report;
pub mod scheme;

pub use bits::{BitArray, MAX_BITS};
pub use bloom::{BloomFilter, MAX_HASHES};
pub use counting::{COUNTER_MAX, CountingFilter, CountingInsertReport, DeleteError, DeleteReport};
pub use hash::{LessonHash, find_collapsing_key, fnv1a32};
pub use kind::{SchemeKind, UnknownScheme};
pub use probe::ProbeState;
pub use report::{Answer, InsertReport, ProbeReadout, QueryReport};
pub use scheme::{Probes, Scheme};

use crate::numbers::{BytesStyle, format_bytes_as};

/// Why a filter could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// m was 0: a filter needs at least one bit.
    #[error("m must be at least 1 bit, got 0")]
    ZeroBits,
    /// m was larger than the filter will allocate.
    #[error("m must be at most {max} bits for a real filter, got {m}")]
    TooManyBits {
        /// The requested number of bits.
        m: u64,
        /// The largest allowed.
        max: u64,
    },
    /// k was 0: a filter needs at least one probe per key.
    #[error("k must be at least 1, got 0")]
    ZeroHashes,
    /// k was larger than any useful filter needs.
    #[error("k must be at most {max}, got {k}")]
    TooManyHashes {
        /// The requested number of probes.
        k: u32,
        /// The largest allowed.
        max: u32,
    },
    /// The memory for the bits could not be had (an address-space limit,
    /// or a machine that is out of memory).
    #[error(
        "cannot allocate {} for a filter of {bits} bits: not enough memory",
        format_bytes_as(*bytes, BytesStyle::Exact)
    )]
    OutOfMemory {
        /// The requested number of bits.
        bits: u64,
        /// The bytes they need.
        bytes: u64,
    },
    /// Two filters (or bit arrays) merge only when their m, k and scheme
    /// are the same.
    #[error("cannot merge two filters unless their m, k and scheme are the same")]
    Incompatible,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_reads_word_for_word() {
        let cases = [
            (FilterError::ZeroBits, "m must be at least 1 bit, got 0"),
            (
                FilterError::TooManyBits { m: 9, max: 8 },
                "m must be at most 8 bits for a real filter, got 9",
            ),
            (FilterError::ZeroHashes, "k must be at least 1, got 0"),
            (
                FilterError::TooManyHashes { k: 9, max: 8 },
                "k must be at most 8, got 9",
            ),
            (
                FilterError::OutOfMemory {
                    bits: 1 << 32,
                    bytes: 1 << 29,
                },
                "cannot allocate 536870912 bytes = 537 MB (512 MiB) for a filter of \
                 4294967296 bits: not enough memory",
            ),
            (
                FilterError::Incompatible,
                "cannot merge two filters unless their m, k and scheme are the same",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
        }
    }
}
