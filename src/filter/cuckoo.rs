//! A cuckoo filter (Fan, Andersen, Kaminsky and Mitzenmacher 2014): each
//! key keeps an f-bit fingerprint in one of two buckets of four slots, so
//! it can be deleted as well as inserted.
//!
//! bloomlab's own, because the `cuckoofilter` crate has not changed in
//! years. How a key is placed:
//!
//! - one seeded 64-bit hash `h` of the key; its first bucket is `h` mapped
//!   onto the buckets by a multiply-high, its fingerprint `1 + (low 32 bits
//!   of h mapped onto 0..2^f - 1)`, never 0 (0 marks an empty slot);
//! - the other bucket is `(g - i) mod B` for bucket `i` and `g` a hash of
//!   the fingerprint alone: the same rule leads back (`g - (g - i) = i`), so
//!   a stored fingerprint can move to its other bucket without its key, and
//!   the bucket count need not be a power of two (the table is sized to the
//!   keys instead of doubled past them);
//! - an insert with both buckets full evicts a fingerprint chosen by a
//!   seeded generator and moves it to its other bucket, up to
//!   [`MAX_KICKS`] times. If that fails the last evicted fingerprint waits
//!   in a one-entry stash (still found by queries, so nothing inserted is
//!   ever lost) and the filter is full: the next insert is refused at once
//!   with [`CuckooError::Full`], changing nothing. No insert loops.
//!
//! A query compares its fingerprint with the (up to) eight in its two
//! buckets, so its false-positive rate is about `1 - (1 - 1/(2^f - 1))^(8a)`
//! at load `a`: [`CuckooFilter::model_rate`].

use super::independent::{reduce, seeded_hash64, splitmix64};

/// Slots per bucket.
pub const SLOTS: u64 = 4;
/// The fingerprint widths this filter offers, in bits.
pub const WIDTHS: [u32; 3] = [8, 12, 16];
/// Evictions an insert may make before the filter counts as full.
pub const MAX_KICKS: u32 = 500;
/// The share of slots a table built for n keys expects to fill: buckets of
/// four reach about 95% before inserts start failing.
pub const TARGET_LOAD: f64 = 0.95;

/// Why a cuckoo filter could not be built or take a key.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum CuckooError {
    /// The table is full: the key was not inserted.
    #[error(
        "the cuckoo table is full at {stored} keys ({load:.1}% of its slots); the key was not inserted"
    )]
    Full {
        /// Keys held.
        stored: u64,
        /// Slots filled, in percent.
        load: f64,
    },
    /// A fingerprint width this filter does not offer.
    #[error("fingerprints must be 8, 12 or 16 bits, got {0}")]
    Width(u32),
    /// No buckets.
    #[error("a cuckoo filter needs at least one bucket")]
    Empty,
    /// The table could not be allocated.
    #[error("cannot allocate {bytes} bytes for a cuckoo table")]
    OutOfMemory {
        /// The bytes it needs.
        bytes: u64,
    },
}

/// A cuckoo filter with four-slot buckets and f-bit fingerprints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CuckooFilter {
    /// The slots, `f` bits each, bucket after bucket, packed into words
    /// (one spare word at the end so a bucket can always be read whole).
    words: Vec<u64>,
    buckets: u64,
    bits: u32,
    len: u64,
    seed: u64,
    /// A fingerprint evicted by an insert that ran out of kicks, with its
    /// bucket: still a member, waiting for room.
    stash: Option<(u64, u32)>,
    /// State of the generator that chooses whom to evict.
    kick_state: u64,
}

/// Where a key's fingerprint may live.
#[derive(Debug, Clone, Copy)]
struct Place {
    fingerprint: u32,
    first: u64,
    second: u64,
}

impl CuckooFilter {
    /// A filter sized for `n` keys at [`TARGET_LOAD`] with `bits`-bit
    /// fingerprints (one of [`WIDTHS`]).
    pub fn for_keys(n: u64, bits: u32, seed: u64) -> Result<CuckooFilter, CuckooError> {
        let buckets = (n as f64 / (SLOTS as f64 * TARGET_LOAD)).ceil().max(1.0) as u64;
        CuckooFilter::with_buckets(buckets, bits, seed)
    }

    /// An empty filter of `buckets` buckets with `bits`-bit fingerprints.
    pub fn with_buckets(buckets: u64, bits: u32, seed: u64) -> Result<CuckooFilter, CuckooError> {
        if !WIDTHS.contains(&bits) {
            return Err(CuckooError::Width(bits));
        }
        if buckets == 0 {
            return Err(CuckooError::Empty);
        }
        let total_bits = u128::from(buckets) * u128::from(SLOTS) * u128::from(bits);
        let words = u64::try_from(total_bits.div_ceil(64) + 1).unwrap_or(u64::MAX);
        let bytes = words.saturating_mul(8);
        let mut table: Vec<u64> = Vec::new();
        usize::try_from(words)
            .ok()
            .and_then(|w| table.try_reserve_exact(w).ok().map(|()| w))
            .map(|w| table.resize(w, 0))
            .ok_or(CuckooError::OutOfMemory { bytes })?;
        Ok(CuckooFilter {
            words: table,
            buckets,
            bits,
            len: 0,
            seed,
            stash: None,
            kick_state: splitmix64(seed ^ 0x6B69_636B),
        })
    }

    /// Fingerprint bits.
    pub fn fingerprint_bits(&self) -> u32 {
        self.bits
    }

    /// Number of buckets.
    pub fn buckets(&self) -> u64 {
        self.buckets
    }

    /// Keys held.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when no key is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True once an insert has been refused (until a delete makes room).
    pub fn is_full(&self) -> bool {
        self.stash.is_some()
    }

    /// The share of slots holding a fingerprint.
    pub fn load(&self) -> f64 {
        self.len as f64 / (self.buckets * SLOTS) as f64
    }

    /// Bytes of the table as allocated.
    pub fn memory_bytes(&self) -> u64 {
        self.words.capacity() as u64 * 8
    }

    /// The false-positive rate a query should see at the present load:
    /// `1 - (1 - 1/(2^f - 1))^(8a)`, eight slots compared at load `a`.
    pub fn model_rate(&self) -> f64 {
        model_rate(self.bits, self.load())
    }

    /// Adds `key`. Refused with [`CuckooError::Full`] (nothing changed)
    /// once the filter is full; the insert that fills it still succeeds.
    pub fn insert(&mut self, key: &[u8]) -> Result<(), CuckooError> {
        if self.stash.is_some() {
            return Err(self.full());
        }
        let place = self.place(key);
        if self.put(place.first, place.fingerprint) || self.put(place.second, place.fingerprint) {
            self.len += 1;
            return Ok(());
        }
        let mut bucket = if self.kick() & 1 == 0 {
            place.first
        } else {
            place.second
        };
        let mut fingerprint = place.fingerprint;
        for _ in 0..MAX_KICKS {
            let slot = self.kick() % SLOTS;
            let evicted = self.slot(bucket, slot);
            self.set_slot(bucket, slot, fingerprint);
            fingerprint = evicted;
            bucket = self.other(bucket, fingerprint);
            if self.put(bucket, fingerprint) {
                self.len += 1;
                return Ok(());
            }
        }
        self.stash = Some((bucket, fingerprint));
        self.len += 1;
        Ok(())
    }

    /// Whether `key` may be in the filter (true: maybe; false: certainly not).
    pub fn contains(&self, key: &[u8]) -> bool {
        let place = self.place(key);
        self.holds(place.first, place.fingerprint)
            || self.holds(place.second, place.fingerprint)
            || self.stash.is_some_and(|(b, f)| {
                f == place.fingerprint && (b == place.first || b == place.second)
            })
    }

    /// Removes one copy of `key`'s fingerprint; false (nothing changed)
    /// when neither bucket holds it. Deleting a key that was never inserted
    /// may remove another key's matching fingerprint, as in every
    /// fingerprint filter: only delete what was inserted.
    pub fn delete(&mut self, key: &[u8]) -> bool {
        let place = self.place(key);
        if let Some((b, f)) = self.stash
            && f == place.fingerprint
            && (b == place.first || b == place.second)
        {
            self.stash = None;
            self.len -= 1;
            return true;
        }
        for bucket in [place.first, place.second] {
            if let Some(slot) = self.find(bucket, place.fingerprint) {
                self.set_slot(bucket, slot, 0);
                self.len -= 1;
                self.unstash();
                return true;
            }
        }
        false
    }

    /// After a delete, moves a waiting fingerprint into the table if one
    /// of its buckets now has room.
    fn unstash(&mut self) {
        if let Some((bucket, fingerprint)) = self.stash {
            let other = self.other(bucket, fingerprint);
            if self.put(bucket, fingerprint) || self.put(other, fingerprint) {
                self.stash = None;
            }
        }
    }

    fn full(&self) -> CuckooError {
        CuckooError::Full {
            stored: self.len,
            load: 100.0 * self.load(),
        }
    }

    fn place(&self, key: &[u8]) -> Place {
        let h = seeded_hash64(self.seed, key);
        let fingerprint = fingerprint_of(h, self.bits);
        let first = reduce(h, self.buckets);
        Place {
            fingerprint,
            first,
            second: self.other(first, fingerprint),
        }
    }

    /// The other bucket of `fingerprint` when it sits in `bucket`.
    #[inline]
    fn other(&self, bucket: u64, fingerprint: u32) -> u64 {
        let g = reduce(splitmix64(self.seed ^ u64::from(fingerprint)), self.buckets);
        let d = g + (self.buckets - bucket);
        if d >= self.buckets {
            d - self.buckets
        } else {
            d
        }
    }

    /// The next number from the eviction generator (SplitMix64).
    fn kick(&mut self) -> u64 {
        self.kick_state = self.kick_state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        splitmix64(self.kick_state)
    }

    /// The whole bucket as one number, slot 0 in the low bits.
    #[inline]
    fn bucket_bits(&self, bucket: u64) -> u64 {
        let width = SLOTS as u32 * self.bits;
        let at = bucket * u64::from(width);
        let (word, shift) = ((at / 64) as usize, (at % 64) as u32);
        let low = self.words[word] >> shift;
        let high = if shift + width > 64 {
            self.words[word + 1] << (64 - shift)
        } else {
            0
        };
        let mask = if width == 64 {
            u64::MAX
        } else {
            (1 << width) - 1
        };
        (low | high) & mask
    }

    #[inline]
    fn slot(&self, bucket: u64, slot: u64) -> u32 {
        let mask = (1u64 << self.bits) - 1;
        ((self.bucket_bits(bucket) >> (slot * u64::from(self.bits))) & mask) as u32
    }

    fn set_slot(&mut self, bucket: u64, slot: u64, fingerprint: u32) {
        let bits = u64::from(self.bits);
        let at = (bucket * SLOTS + slot) * bits;
        let (word, shift) = ((at / 64) as usize, at % 64);
        let mask = (1u64 << bits) - 1;
        let value = u64::from(fingerprint) & mask;
        self.words[word] = (self.words[word] & !(mask << shift)) | (value << shift);
        if shift + bits > 64 {
            let spill = 64 - shift;
            let high_mask = mask >> spill;
            self.words[word + 1] = (self.words[word + 1] & !high_mask) | (value >> spill);
        }
    }

    #[inline]
    fn find(&self, bucket: u64, fingerprint: u32) -> Option<u64> {
        let all = self.bucket_bits(bucket);
        let mask = (1u64 << self.bits) - 1;
        (0..SLOTS).find(|s| (all >> (s * u64::from(self.bits))) & mask == u64::from(fingerprint))
    }

    #[inline]
    fn holds(&self, bucket: u64, fingerprint: u32) -> bool {
        self.find(bucket, fingerprint).is_some()
    }

    /// Puts `fingerprint` in an empty slot of `bucket`, if there is one.
    fn put(&mut self, bucket: u64, fingerprint: u32) -> bool {
        match self.find(bucket, 0) {
            Some(slot) => {
                self.set_slot(bucket, slot, fingerprint);
                true
            }
            None => false,
        }
    }
}

/// A fingerprint of `bits` bits from a key's hash: uniform over
/// `1..2^bits` (0 marks an empty slot).
#[inline]
fn fingerprint_of(h: u64, bits: u32) -> u32 {
    let values = (1u64 << bits) - 1;
    1 + ((u64::from(h as u32) * values) >> 32) as u32
}

/// `1 - (1 - 1/(2^f - 1))^(8a)`: the chance that one of the eight
/// fingerprints a query meets at load `a` equals its own.
pub fn model_rate(bits: u32, load: f64) -> f64 {
    let one = 1.0 / ((1u64 << bits) - 1) as f64;
    -(2.0 * SLOTS as f64 * load * (-one).ln_1p()).exp_m1()
}

/// The narrowest offered width whose rate at [`TARGET_LOAD`] meets `p`, or
/// the widest when none does.
pub fn width_for(p: f64) -> u32 {
    WIDTHS
        .into_iter()
        .find(|&f| model_rate(f, TARGET_LOAD) <= p)
        .unwrap_or(WIDTHS[WIDTHS.len() - 1])
}

/// The fewest fingerprint bits whose rate at [`TARGET_LOAD`] meets `p`, if
/// any width up to 32 does (what a filter offering every width would use).
pub fn bits_needed(p: f64) -> Option<u32> {
    (1..=32).find(|&f| model_rate(f, TARGET_LOAD) <= p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> [u8; 8] {
        splitmix64(i).to_le_bytes()
    }

    #[test]
    fn every_width_keeps_its_keys_and_deletes_them() {
        for bits in WIDTHS {
            let mut f = CuckooFilter::for_keys(5000, bits, 7).unwrap();
            for i in 0..5000 {
                f.insert(&key(i)).unwrap();
            }
            assert_eq!(f.len(), 5000);
            assert!((0..5000).all(|i| f.contains(&key(i))), "{bits}");
            for i in (0..5000).step_by(2) {
                assert!(f.delete(&key(i)), "{bits}: {i}");
            }
            assert_eq!(f.len(), 2500);
            assert!((1..5000).step_by(2).all(|i| f.contains(&key(i))));
            for i in (1..5000).step_by(2) {
                assert!(f.delete(&key(i)));
            }
            assert!(f.is_empty());
            assert!(
                f.words.iter().all(|&w| w == 0),
                "{bits}: an emptied table is all zeros"
            );
        }
    }

    #[test]
    fn a_full_table_refuses_without_losing_or_hanging() {
        // Two buckets, eight slots: the ninth key cannot fit.
        let mut f = CuckooFilter::with_buckets(2, 16, 1).unwrap();
        let mut stored = Vec::new();
        let mut refused = None;
        for i in 0..100 {
            match f.insert(&key(i)) {
                Ok(()) => stored.push(i),
                Err(e) => {
                    refused = Some((i, e));
                    break;
                }
            }
        }
        let (at, error) = refused.expect("the table fills");
        assert!(f.is_full());
        assert!(
            matches!(error, CuckooError::Full { stored: 9, .. }),
            "{error}"
        );
        assert_eq!(at, 9);
        assert!(stored.iter().all(|&i| f.contains(&key(i))));
        // A delete makes room and the waiting fingerprint moves in.
        assert!(f.delete(&key(stored[0])));
        assert!(!f.is_full());
        assert!(stored[1..].iter().all(|&i| f.contains(&key(i))));
        assert!(f.insert(&key(500)).is_ok());
    }

    #[test]
    fn the_other_bucket_leads_back() {
        let f = CuckooFilter::with_buckets(1001, 12, 3).unwrap();
        for b in 0..1001 {
            for fp in [1u32, 2, 77, 4095] {
                assert_eq!(f.other(f.other(b, fp), fp), b);
            }
        }
    }

    #[test]
    fn slots_straddling_words_read_back() {
        let mut f = CuckooFilter::with_buckets(7, 12, 3).unwrap();
        for b in 0..7 {
            for s in 0..SLOTS {
                f.set_slot(b, s, ((b * 4 + s) * 97 % 4095 + 1) as u32);
            }
        }
        for b in 0..7 {
            for s in 0..SLOTS {
                assert_eq!(u64::from(f.slot(b, s)), (b * 4 + s) * 97 % 4095 + 1);
            }
        }
    }

    #[test]
    fn widths_are_checked_and_chosen_by_the_target() {
        assert_eq!(
            CuckooFilter::with_buckets(1, 10, 0),
            Err(CuckooError::Width(10))
        );
        assert_eq!(CuckooFilter::with_buckets(0, 8, 0), Err(CuckooError::Empty));
        assert_eq!(width_for(0.01), 12);
        assert_eq!(bits_needed(0.01), Some(10));
        assert_eq!(width_for(0.05), 8);
        assert_eq!(width_for(1e-9), 16);
        // The brief: about 2b / 2^f.
        let rate = model_rate(12, 1.0);
        assert!((rate / (8.0 / 4096.0) - 1.0).abs() < 0.01, "{rate}");
    }

    #[test]
    fn a_table_sized_for_its_keys_fills_to_its_target_load() {
        let n = 200_000;
        let mut f = CuckooFilter::for_keys(n, 12, 11).unwrap();
        for i in 0..n {
            f.insert(&key(i)).unwrap();
        }
        assert!(!f.is_full());
        assert!(f.load() > 0.94, "{}", f.load());
        let false_positives = (n..n + 200_000).filter(|&i| f.contains(&key(i))).count();
        let rate = false_positives as f64 / 200_000.0;
        let model = f.model_rate();
        assert!((rate / model - 1.0).abs() < 0.15, "{rate} against {model}");
    }
}
