//! The lesson's hash: 32-bit FNV-1a, a fold of the high half into the low
//! half, and double hashing `pos_i = (h1 + i*h2) mod m` with `h2` odd.
//!
//! It is deliberately simple and stable: the same key gives the same
//! positions on every machine and every run, so a filter written to disk
//! today answers the same way tomorrow.

/// FNV-1a offset basis for 32-bit hashes.
pub const FNV_OFFSET_BASIS: u32 = 0x811C_9DC5;
/// FNV-1a prime for 32-bit hashes.
pub const FNV_PRIME: u32 = 0x0100_0193;
/// The multiplier that derives the second hash (2^32 divided by the golden ratio, odd).
pub const GOLDEN_MULTIPLIER: u32 = 0x9E37_79B1;

/// 32-bit FNV-1a of `bytes` (xor the byte in, then multiply, wrapping).
pub fn fnv1a32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(FNV_OFFSET_BASIS, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(FNV_PRIME)
    })
}

/// The two hashes the lesson's double hashing is built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonHash {
    /// The starting position before reduction: `h ^ (h >> 16)`.
    pub h1: u32,
    /// The stride, always odd: `(g ^ (g >> 16)) | 1` with `g = h * 0x9E3779B1`.
    pub h2: u32,
}

impl LessonHash {
    /// Hashes `key` exactly as the lesson does.
    pub fn of(key: &[u8]) -> LessonHash {
        let h = fnv1a32(key);
        let h1 = h ^ (h >> 16);
        let g = h.wrapping_mul(GOLDEN_MULTIPLIER);
        let h2 = (g ^ (g >> 16)) | 1;
        LessonHash { h1, h2 }
    }

    /// Probe `i` in a filter of `m` bits: `(h1 + i*h2) mod m`. In u64 the
    /// sum cannot overflow: it is at most `(2^32 - 1) * 2^32 < 2^64`.
    /// An `m` of 0 is treated as 1.
    #[inline]
    pub fn position(&self, i: u32, m: u64) -> u64 {
        let raw = u64::from(self.h1) + u64::from(i) * u64::from(self.h2);
        raw % m.max(1)
    }

    /// Probe `i` of enhanced double hashing (Dillinger and Manolios 2004):
    /// `(h1 + i*h2 + (i^3 - i)/6) mod m`, in u128 so no term can overflow.
    /// An `m` of 0 is treated as 1. The filter walks the same positions
    /// incrementally; this is the formula it is checked against.
    pub fn enhanced_position(&self, i: u32, m: u64) -> u64 {
        let i = u128::from(i);
        let raw = u128::from(self.h1) + i * u128::from(self.h2) + (i * i * i - i) / 6;
        (raw % u128::from(m.max(1))) as u64
    }

    /// True when every probe lands on the same bit: the stride is a multiple
    /// of `m`, so `h1 + i*h2` never moves modulo `m`. With `h2` odd this can
    /// only happen for odd `m` (and always happens for `m = 1`).
    pub fn collapses(&self, m: u64) -> bool {
        u64::from(self.h2) % m.max(1) == 0
    }

    /// How many distinct bits `k` probes touch. Less than `k` whenever the
    /// stride shares a factor with `m` and the walk wraps round early.
    pub fn distinct_positions(&self, m: u64, k: u32) -> u64 {
        let m = m.max(1);
        let cycle = m / gcd(u64::from(self.h2) % m, m);
        cycle.min(u64::from(k))
    }
}

/// Greatest common divisor, with `gcd(0, m) = m`.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The first key of the form `rec-N` (N from 0 to `search_limit`) whose
/// probes all collapse onto one bit in a filter of `m` bits, if there is one.
/// Handy for showing the mistake on screen; there is none for even `m`.
pub fn find_collapsing_key(m: u64, search_limit: u64) -> Option<String> {
    if m.is_multiple_of(2) {
        return None;
    }
    (0..=search_limit)
        .map(|n| format!("rec-{n}"))
        .find(|key| LessonHash::of(key.as_bytes()).collapses(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a32_matches_published_vectors() {
        assert_eq!(fnv1a32(b""), 0x811C_9DC5);
        assert_eq!(fnv1a32(b"a"), 0xE40C_292C);
        assert_eq!(fnv1a32(b"foobar"), 0xBF9C_F968);
    }

    #[test]
    fn rec_11_lands_on_4_3_2() {
        let h = LessonHash::of(b"rec-11");
        let positions: Vec<u64> = (0..3).map(|i| h.position(i, 16)).collect();
        assert_eq!(positions, [4, 3, 2]);
    }

    #[test]
    fn rec_6_lands_on_11_2_9() {
        let h = LessonHash::of(b"rec-6");
        let positions: Vec<u64> = (0..3).map(|i| h.position(i, 16)).collect();
        assert_eq!(positions, [11, 2, 9]);
    }

    #[test]
    fn h2_is_always_odd() {
        for n in 0..1000 {
            let key = format!("key-{n}");
            assert_eq!(LessonHash::of(key.as_bytes()).h2 & 1, 1);
        }
    }

    #[test]
    fn large_probe_indices_do_not_overflow() {
        let h = LessonHash {
            h1: u32::MAX,
            h2: u32::MAX,
        };
        let expected =
            (u128::from(u32::MAX) + u128::from(u32::MAX) * u128::from(u32::MAX)) % 1_000_000_007;
        assert_eq!(u128::from(h.position(u32::MAX, 1_000_000_007)), expected);
    }

    #[test]
    fn collapse_is_detected_and_found() {
        assert!(find_collapsing_key(16, 10_000).is_none());
        let key = find_collapsing_key(15, 10_000).expect("some rec-N collapses at m = 15");
        let h = LessonHash::of(key.as_bytes());
        assert!(h.collapses(15));
        let first = h.position(0, 15);
        assert!((1..7).all(|i| h.position(i, 15) == first));
        assert_eq!(h.distinct_positions(15, 7), 1);
        assert!(LessonHash::of(b"rec-11").collapses(1));
    }

    #[test]
    fn enhanced_positions_add_the_tetrahedral_numbers() {
        let h = LessonHash { h1: 5, h2: 3 };
        // (i^3 - i)/6 = 0, 0, 1, 4, 10 for i = 0..5.
        let positions: Vec<u64> = (0..5).map(|i| h.enhanced_position(i, 1000)).collect();
        assert_eq!(positions, [5, 8, 12, 18, 27]);
        let top = LessonHash {
            h1: u32::MAX,
            h2: u32::MAX,
        };
        let i = u128::from(u32::MAX);
        let expected = (u128::from(u32::MAX) * (1 + i) + (i * i * i - i) / 6) % 999_983;
        assert_eq!(
            u128::from(top.enhanced_position(u32::MAX, 999_983)),
            expected
        );
    }

    #[test]
    fn distinct_positions_counts_the_cycle() {
        // h2 = 3 shares the factor 3 with m = 12: the walk repeats after 4 steps.
        let h = LessonHash { h1: 0, h2: 3 };
        assert_eq!(h.distinct_positions(12, 7), 4);
        assert_eq!(h.distinct_positions(16, 7), 7);
    }
}
