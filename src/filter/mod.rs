//! The real Bloom filter: bits in bytes, probe schemes, and the counting variant.
//!
//! API contract (other modules rely on these names):
//! - `Scheme::{Double, Independent { seed }}` with
//!   `Scheme::positions(&self, key: &[u8], m: u64, k: u32, out: &mut Vec<u64>)`.
//! - `BloomFilter::new(m, k, scheme) -> Result<BloomFilter, FilterError>`,
//!   `insert(&mut self, key) -> InsertReport`, `query(&self, key) -> QueryReport`,
//!   `contains(&self, key) -> bool`, `is_set(pos) -> bool`, `count_ones() -> u64`,
//!   `m()`, `k()`, `scheme()`.
//! - `InsertReport { positions, newly_set, already_set }` (positions in probe order).
//! - `QueryReport { positions /* all k, in probe order */, read /* bit value of each
//!   probe actually read */, stopped_at: Option<usize> /* index of the first 0 */ }`
//!   with `answer() -> Answer::{Maybe, No}`.
//! - `CountingFilter` with 4-bit counters: `insert`, `delete -> Result<_, DeleteError>`,
//!   `query`, `counter(pos) -> u8`.

pub mod bits;
pub mod bloom;
pub mod counting;
pub mod hash;
pub mod independent;
pub mod probe;
pub mod scheme;

pub use bits::{BitArray, MAX_BITS};
pub use bloom::{Answer, BloomFilter, InsertReport, MAX_HASHES, ProbeReadout, QueryReport};
pub use counting::{COUNTER_MAX, CountingFilter, CountingInsertReport, DeleteError, DeleteReport};
pub use hash::{LessonHash, find_collapsing_key, fnv1a32};
pub use probe::ProbeState;
pub use scheme::{Probes, Scheme};

use std::fmt;

/// Why a filter could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterError {
    /// m was 0: a filter needs at least one bit.
    ZeroBits,
    /// m was larger than the filter will allocate.
    TooManyBits {
        /// The requested number of bits.
        m: u64,
        /// The largest allowed.
        max: u64,
    },
    /// k was 0: a filter needs at least one probe per key.
    ZeroHashes,
    /// k was larger than any useful filter needs.
    TooManyHashes {
        /// The requested number of probes.
        k: u32,
        /// The largest allowed.
        max: u32,
    },
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterError::ZeroBits => write!(f, "m must be at least 1 bit, got 0"),
            FilterError::TooManyBits { m, max } => {
                write!(f, "m must be at most {max} bits for a real filter, got {m}")
            }
            FilterError::ZeroHashes => write!(f, "k must be at least 1, got 0"),
            FilterError::TooManyHashes { k, max } => write!(f, "k must be at most {max}, got {k}"),
        }
    }
}

impl std::error::Error for FilterError {}
