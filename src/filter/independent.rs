//! k independent seeded 64-bit hashes: the textbook model's assumption that
//! every probe is a fresh uniform draw, as closely as a hash can give it.
//!
//! Probe `i` of a filter with seed `s` hashes the whole key with its own
//! 64-bit seed derived from `(s, i)`, then maps the 64-bit value onto
//! `0..m` by a multiply-high (bias below `m / 2^64`).

/// Weyl increment of SplitMix64 (2^64 divided by the golden ratio).
const WEYL: u64 = 0x9E37_79B9_7F4A_7C15;
/// Odd multipliers for the chunk mixer, chosen with balanced bit patterns.
const MIX_A: u64 = 0xA076_1D64_78BD_642F;
const MIX_B: u64 = 0xE703_7ED1_A0B4_28DB;

/// One SplitMix64 output for state `x`: a bijection with full avalanche.
#[inline]
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(WEYL);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// 128-bit product folded to 64 bits (high half xor low half).
#[inline]
fn folded_multiply(a: u64, b: u64) -> u64 {
    let wide = u128::from(a) * u128::from(b);
    (wide as u64) ^ ((wide >> 64) as u64)
}

/// A 64-bit hash of `bytes` under `seed`. Different seeds behave as
/// unrelated hash functions; the key's length is mixed in so that keys
/// differing only by trailing zero bytes do not collide.
#[inline]
pub fn seeded_hash64(seed: u64, bytes: &[u8]) -> u64 {
    hash_with(seed, seed ^ MIX_A, bytes)
}

/// [`seeded_hash64`] with its multiplier `seed ^ MIX_A` already worked out.
#[inline(always)]
fn hash_with(seed: u64, multiplier: u64, bytes: &[u8]) -> u64 {
    let mut h = seed ^ (bytes.len() as u64).wrapping_mul(MIX_A);
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        h = folded_multiply(h ^ u64::from_le_bytes(word) ^ MIX_B, multiplier);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        h = folded_multiply(h ^ u64::from_le_bytes(word) ^ MIX_B, multiplier);
    }
    splitmix64(h)
}

/// Maps a uniform 64-bit value onto `0..m` without a division.
#[inline]
pub fn reduce(hash: u64, m: u64) -> u64 {
    ((u128::from(hash) * u128::from(m)) >> 64) as u64
}

/// The seed of probe `i` for a filter seeded with `filter_seed`.
#[inline]
pub fn probe_seed(filter_seed: u64, i: u32) -> u64 {
    splitmix64(filter_seed ^ splitmix64(u64::from(i)))
}

/// One probe's hash seed with the multiplier its hash derives from it,
/// both worked out once per filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbeSeed {
    seed: u64,
    multiplier: u64,
}

impl ProbeSeed {
    /// The material of probe `i` for a filter seeded with `filter_seed`.
    pub fn new(filter_seed: u64, i: u32) -> ProbeSeed {
        let seed = probe_seed(filter_seed, i);
        ProbeSeed {
            seed,
            multiplier: seed ^ MIX_A,
        }
    }

    /// This probe's position for `key` in a filter of `m` bits: the same as
    /// [`position`] with the filter's seed and this probe's index.
    #[inline(always)]
    pub fn position(&self, key: &[u8], m: u64) -> u64 {
        reduce(hash_with(self.seed, self.multiplier, key), m)
    }
}

/// The seeds of probes `0..k` for a filter seeded with `filter_seed`:
/// [`probe_seed`] worked out once per filter instead of once per key and
/// probe (it costs two SplitMix64 rounds, as much as the hash itself).
pub fn probe_seeds(filter_seed: u64, k: u32) -> Vec<ProbeSeed> {
    (0..k).map(|i| ProbeSeed::new(filter_seed, i)).collect()
}

/// Probe `i` of `key` in a filter of `m` bits seeded with `filter_seed`.
#[inline]
pub fn position(filter_seed: u64, key: &[u8], i: u32, m: u64) -> u64 {
    reduce(seeded_hash64(probe_seed(filter_seed, i), key), m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_stable_and_in_range() {
        for i in 0..20 {
            let p = position(42, b"rec-11", i, 160);
            assert!(p < 160);
            assert_eq!(p, position(42, b"rec-11", i, 160));
        }
    }

    #[test]
    fn precomputed_seeds_give_the_same_positions() {
        let seeds = probe_seeds(42, 9);
        for (i, s) in (0u32..).zip(&seeds) {
            for key in [&b"rec-11"[..], b"", b"0123456789abcdefXYZ"] {
                assert_eq!(s.position(key, 1000), position(42, key, i, 1000));
            }
        }
    }

    #[test]
    fn seeds_and_probe_indices_give_different_hashes() {
        let a = seeded_hash64(probe_seed(1, 0), b"key");
        let b = seeded_hash64(probe_seed(1, 1), b"key");
        let c = seeded_hash64(probe_seed(2, 0), b"key");
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_ne!(seeded_hash64(7, b"ab"), seeded_hash64(7, b"ab\0"));
    }

    #[test]
    fn reduce_covers_the_range_evenly() {
        // 64,000 hashes of counter keys into 64 cells: each cell expects 1000.
        let mut cells = [0u32; 64];
        for n in 0u64..64_000 {
            let p = position(9, &n.to_le_bytes(), 0, 64);
            cells[p as usize] += 1;
        }
        // A chi-square statistic far above its 63 degrees of freedom would
        // mean the positions are not uniform; 120 is past the 99.99th percentile.
        let chi2: f64 = cells
            .iter()
            .map(|&c| (f64::from(c) - 1000.0).powi(2) / 1000.0)
            .sum();
        assert!(chi2 < 120.0, "chi-square {chi2}");
    }

    #[test]
    fn flipping_one_input_bit_flips_about_half_the_output() {
        let mut total = 0u32;
        let trials = 2000u32;
        for n in 0..trials {
            let key = u64::from(n).to_le_bytes();
            let mut flipped = key;
            flipped[(n % 8) as usize] ^= 1 << (n % 7);
            total += (seeded_hash64(3, &key) ^ seeded_hash64(3, &flipped)).count_ones();
        }
        let mean = f64::from(total) / f64::from(trials);
        assert!((30.0..34.0).contains(&mean), "mean flipped bits {mean}");
    }
}
