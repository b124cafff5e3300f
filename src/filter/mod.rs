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
