//! One interface over every filter `compare` fills from a stream of keys:
//! bloomlab's Bloom, counting and cuckoo filters and the crates' fastbloom
//! and quotient filters, each taking key bytes, each reporting the memory
//! it really allocated.
//!
//! The crates' filters are wrapped here, with the one 64-bit key hash the
//! fingerprint filters share ([`key_hash`], whose collisions [`HashWall`]
//! prices).

use super::bloom::BloomFilter;
use super::counting::CountingFilter;
use super::cuckoo::{CuckooError, CuckooFilter};
use super::independent::seeded_hash64;
use super::kind::collision_chance;

/// A filter filled one key at a time.
pub trait Membership {
    /// Adds `key`; `Err` with a reason when the filter cannot take it (a
    /// full table), in which case the key was not added.
    fn insert(&mut self, key: &[u8]) -> Result<(), String>;
    /// Whether `key` may have been added (false: certainly not).
    fn contains(&self, key: &[u8]) -> bool;
    /// Removes `key`, if the filter can delete: `Some(found)`, or `None`
    /// when it cannot delete at all.
    fn delete(&mut self, key: &[u8]) -> Option<bool>;
    /// Bytes of its table as allocated.
    fn memory_bytes(&self) -> u64;
}

impl Membership for BloomFilter {
    fn insert(&mut self, key: &[u8]) -> Result<(), String> {
        self.add(key);
        Ok(())
    }

    fn contains(&self, key: &[u8]) -> bool {
        BloomFilter::contains(self, key)
    }

    fn delete(&mut self, _: &[u8]) -> Option<bool> {
        None
    }

    fn memory_bytes(&self) -> u64 {
        self.bits().memory_bytes()
    }
}

impl Membership for CountingFilter {
    fn insert(&mut self, key: &[u8]) -> Result<(), String> {
        self.add(key);
        Ok(())
    }

    fn contains(&self, key: &[u8]) -> bool {
        CountingFilter::contains(self, key)
    }

    fn delete(&mut self, key: &[u8]) -> Option<bool> {
        Some(CountingFilter::delete(self, key).is_ok())
    }

    fn memory_bytes(&self) -> u64 {
        CountingFilter::memory_bytes(self)
    }
}

impl Membership for CuckooFilter {
    fn insert(&mut self, key: &[u8]) -> Result<(), String> {
        CuckooFilter::insert(self, key).map_err(|e: CuckooError| e.to_string())
    }

    fn contains(&self, key: &[u8]) -> bool {
        CuckooFilter::contains(self, key)
    }

    fn delete(&mut self, key: &[u8]) -> Option<bool> {
        Some(CuckooFilter::delete(self, key))
    }

    fn memory_bytes(&self) -> u64 {
        CuckooFilter::memory_bytes(self)
    }
}

/// The 64-bit hash of a key that the filters built on u64 keys or
/// fingerprints (xorf's, qfilter's, the cuckoo filter's) work from.
///
/// What its collisions cost ([`HashWall`] works the figures out for any n):
/// two inserted keys sharing a hash cost nothing (both are in the set, and
/// the filter holds the one hash); a never-inserted key whose hash equals
/// an inserted key's is a false positive whatever the filter, which adds
/// `1 - (1 - 2^-64)^n`, about `n / 2^64`, to every such filter's rate.
///
/// ```
/// use bloomlab::filter::membership::HashWall;
/// // A million keys: about 2.7e-8 colliding pairs, and 5.4e-14 added to the rate.
/// let wall = HashWall::at(1_000_000);
/// assert!((wall.pairs / 2.71e-8 - 1.0).abs() < 0.01);
/// assert!((wall.added_rate / 5.42e-14 - 1.0).abs() < 0.01);
/// // 2^32 keys: about half a colliding pair.
/// assert!((HashWall::at(1 << 32).pairs - 0.5).abs() < 1e-6);
/// ```
#[inline]
pub fn key_hash(seed: u64, key: &[u8]) -> u64 {
    seeded_hash64(seed, key)
}

/// What 64-bit key hashes cost at n keys (see [`key_hash`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HashWall {
    /// Expected pairs of inserted keys sharing a hash, `n (n - 1) / 2^65`.
    pub pairs: f64,
    /// What a query's hash meeting an inserted key's adds to the rate,
    /// `1 - (1 - 2^-64)^n`.
    pub added_rate: f64,
}

impl HashWall {
    /// The figures at `n` keys.
    pub fn at(n: u64) -> HashWall {
        let n = n as f64;
        HashWall {
            pairs: n * (n - 1.0) / 2f64.powi(65),
            added_rate: collision_chance(n as u64, 64),
        }
    }
}

/// fastbloom's Bloom filter with its hasher seeded, so a seed gives the
/// same filter on every run.
#[derive(Debug, Clone)]
pub struct FastBloom(fastbloom::BloomFilter);

impl FastBloom {
    /// A filter of at least `m` bits (fastbloom rounds up to whole 64-bit
    /// words) with `k` probes per key.
    pub fn new(m: u64, k: u32, seed: u64) -> FastBloom {
        let bits = usize::try_from(m).unwrap_or(usize::MAX).max(1);
        FastBloom(
            fastbloom::BloomFilter::with_num_bits(bits)
                .seed(&u128::from(seed))
                .hashes(k.max(1)),
        )
    }

    /// Bits in the filter as fastbloom allocated them.
    pub fn m(&self) -> u64 {
        self.0.num_bits() as u64
    }
}

impl Membership for FastBloom {
    fn insert(&mut self, key: &[u8]) -> Result<(), String> {
        self.0.insert(key);
        Ok(())
    }

    fn contains(&self, key: &[u8]) -> bool {
        self.0.contains(key)
    }

    fn delete(&mut self, _: &[u8]) -> Option<bool> {
        None
    }

    fn memory_bytes(&self) -> u64 {
        std::mem::size_of_val(self.0.as_slice()) as u64
    }
}

/// qfilter's rank-and-select quotient filter, fed [`key_hash`]es as
/// fingerprints. Duplicates are counted, so deleting one of two keys that
/// share a fingerprint leaves the other found.
#[derive(Debug, Clone)]
pub struct Quotient {
    filter: qfilter::Filter,
    seed: u64,
}

impl Quotient {
    /// A filter for `n` keys at rate `p`, sized by qfilter itself.
    pub fn new(n: u64, p: f64, seed: u64) -> Result<Quotient, String> {
        let filter = qfilter::Filter::new(n.max(1), p).map_err(|e| e.to_string())?;
        Ok(Quotient { filter, seed })
    }

    /// Bits of each stored fingerprint (quotient and remainder together).
    pub fn fingerprint_bits(&self) -> u32 {
        u32::from(self.filter.fingerprint_size())
    }

    /// Slots in the table: the quotients, a power of two.
    pub fn slots(&self) -> u64 {
        // The capacity is 95% of the slots rounded up, so 20/19 of it lies
        // between the slots and one more; the slots are its highest power
        // of two.
        let around = self.filter.capacity().saturating_mul(20) / 19;
        1u64 << (63 - around.max(1).leading_zeros())
    }

    /// The remainder bits stored per slot.
    pub fn remainder_bits(&self) -> u32 {
        self.fingerprint_bits() - self.slots().trailing_zeros()
    }

    /// The chance that a query's fingerprint equals one of the `len`
    /// stored: `1 - (1 - 2^-f)^len` for f fingerprint bits.
    pub fn model_rate(&self) -> f64 {
        let one = 2f64.powi(-(self.fingerprint_bits() as i32));
        -(self.filter.len() as f64 * (-one).ln_1p()).exp_m1()
    }
}

impl Membership for Quotient {
    fn insert(&mut self, key: &[u8]) -> Result<(), String> {
        self.filter
            .insert_fingerprint(true, key_hash(self.seed, key))
            .map(|_| ())
            .map_err(|e| format!("the quotient filter refused a key: {e}"))
    }

    fn contains(&self, key: &[u8]) -> bool {
        self.filter.contains_fingerprint(key_hash(self.seed, key))
    }

    fn delete(&mut self, key: &[u8]) -> Option<bool> {
        Some(self.filter.remove_fingerprint(key_hash(self.seed, key)))
    }

    fn memory_bytes(&self) -> u64 {
        self.filter.memory_usage() as u64
    }
}
