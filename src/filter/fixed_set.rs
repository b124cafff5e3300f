//! The static filters (Graf and Lemire): xor filters (2020) and binary
//! fuse filters (2022) from the `xorf` crate, built once from a fixed set
//! of keys, each key's fingerprint the xor of three table entries. Keys are
//! bytes here and become [`key_hash`]es for xorf, which takes u64 keys.
//!
//! xorf needs distinct keys: its xor filters retry their construction
//! until it succeeds, which two equal keys never let it do, and its binary
//! fuse filters refuse them. So the hashes are sorted and made unique
//! before a filter is built (equal hashes stand for one key; see
//! [`super::membership::HashWall`] for how rarely two keys share one).

use xorf::{BinaryFuse8, BinaryFuse16, Filter, Xor8, Xor16};

use super::membership::key_hash;

/// Which static filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FixedKind {
    /// Xor filter, 8-bit entries.
    Xor8,
    /// Xor filter, 16-bit entries.
    Xor16,
    /// Binary fuse filter (three hashes), 8-bit entries.
    BinaryFuse8,
    /// Binary fuse filter (three hashes), 16-bit entries.
    BinaryFuse16,
}

impl FixedKind {
    /// Every kind.
    pub const ALL: [FixedKind; 4] = [
        FixedKind::Xor8,
        FixedKind::Xor16,
        FixedKind::BinaryFuse8,
        FixedKind::BinaryFuse16,
    ];

    /// Bits per table entry (and of each fingerprint).
    pub fn entry_bits(self) -> u32 {
        match self {
            FixedKind::Xor8 | FixedKind::BinaryFuse8 => 8,
            FixedKind::Xor16 | FixedKind::BinaryFuse16 => 16,
        }
    }

    /// The false-positive rate: a stranger's f-bit fingerprint equals the
    /// xor of its three entries with chance `2^-f`.
    pub fn model_rate(self) -> f64 {
        2f64.powi(-(self.entry_bits() as i32))
    }
}

/// A static filter built from a set of keys.
#[derive(Debug, Clone)]
pub enum FixedSetFilter {
    /// See [`FixedKind::Xor8`].
    Xor8(Xor8),
    /// See [`FixedKind::Xor16`].
    Xor16(Xor16),
    /// See [`FixedKind::BinaryFuse8`].
    BinaryFuse8(BinaryFuse8),
    /// See [`FixedKind::BinaryFuse16`].
    BinaryFuse16(BinaryFuse16),
}

impl FixedSetFilter {
    /// Builds a filter of `kind` holding every key of `keys`, hashed with
    /// `seed`. Fails only when xorf gives up (a binary fuse filter after
    /// its retries), with xorf's reason.
    pub fn build<'a>(
        kind: FixedKind,
        keys: impl Iterator<Item = &'a [u8]>,
        seed: u64,
    ) -> Result<FixedSetFilter, String> {
        let mut hashes: Vec<u64> = keys.map(|k| key_hash(seed, k)).collect();
        FixedSetFilter::from_hashes(kind, &mut hashes)
    }

    /// Builds a filter of `kind` from key hashes (sorted and made unique
    /// in place).
    pub fn from_hashes(kind: FixedKind, hashes: &mut Vec<u64>) -> Result<FixedSetFilter, String> {
        hashes.sort_unstable();
        hashes.dedup();
        let keys: &[u64] = hashes;
        Ok(match kind {
            FixedKind::Xor8 => FixedSetFilter::Xor8(Xor8::from(keys)),
            FixedKind::Xor16 => FixedSetFilter::Xor16(Xor16::from(keys)),
            FixedKind::BinaryFuse8 => {
                FixedSetFilter::BinaryFuse8(BinaryFuse8::try_from(keys).map_err(str::to_string)?)
            }
            FixedKind::BinaryFuse16 => {
                FixedSetFilter::BinaryFuse16(BinaryFuse16::try_from(keys).map_err(str::to_string)?)
            }
        })
    }

    /// Whether `key` (hashed with the filter's `seed`) may be in the set.
    #[inline]
    pub fn contains(&self, seed: u64, key: &[u8]) -> bool {
        self.contains_hash(key_hash(seed, key))
    }

    /// Whether a key with this hash may be in the set.
    #[inline]
    pub fn contains_hash(&self, h: u64) -> bool {
        match self {
            FixedSetFilter::Xor8(f) => f.contains(&h),
            FixedSetFilter::Xor16(f) => f.contains(&h),
            FixedSetFilter::BinaryFuse8(f) => f.contains(&h),
            FixedSetFilter::BinaryFuse16(f) => f.contains(&h),
        }
    }

    /// Bytes of the table of entries as allocated.
    pub fn memory_bytes(&self) -> u64 {
        (match self {
            FixedSetFilter::Xor8(f) => std::mem::size_of_val(&*f.fingerprints),
            FixedSetFilter::Xor16(f) => std::mem::size_of_val(&*f.fingerprints),
            FixedSetFilter::BinaryFuse8(f) => std::mem::size_of_val(&*f.fingerprints),
            FixedSetFilter::BinaryFuse16(f) => std::mem::size_of_val(&*f.fingerprints),
        }) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::independent::splitmix64;

    #[test]
    fn every_kind_holds_its_keys_even_with_repeats() {
        let keys: Vec<[u8; 8]> = (0..3000u64)
            .map(|i| splitmix64(i % 2500).to_le_bytes())
            .collect();
        for kind in FixedKind::ALL {
            let f = FixedSetFilter::build(kind, keys.iter().map(|k| &k[..]), 9).unwrap();
            assert!(keys.iter().all(|k| f.contains(9, k)), "{kind:?}");
            let bits = f.memory_bytes() as f64 * 8.0 / 2500.0;
            assert!(bits > f64::from(kind.entry_bits()), "{kind:?}: {bits}");
        }
    }
}
