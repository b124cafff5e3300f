//! The probe schemes behind one interface: which k bits a key touches.

use super::blocked::{self, Block, BlockLayout};
use super::hash::LessonHash;
use super::independent;
use super::kind::SchemeKind;

/// How a filter turns a key into its k bit positions: a [`SchemeKind`] with
/// what it needs to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// The lesson's FNV-1a with double hashing: `(h1 + i*h2) mod m`.
    Double,
    /// The lesson's two hashes with enhanced double hashing:
    /// `(h1 + i*h2 + (i^3 - i)/6) mod m`, walked as `h1 += h2; h2 += i`.
    Enhanced,
    /// k independent seeded 64-bit hashes, one per probe (the textbook model).
    Independent {
        /// The filter's seed; every probe derives its own seed from it.
        seed: u64,
    },
    /// One block of at most 512 bits per key, k independent positions in
    /// it (see [`super::blocked`]).
    Blocked {
        /// The filter's seed for the key's one 64-bit hash.
        seed: u64,
    },
}

impl Scheme {
    /// Writes the `k` positions of `key` in a filter of `m` bits into `out`,
    /// in probe order, replacing what was there (the allocation is reused).
    pub fn positions(&self, key: &[u8], m: u64, k: u32, out: &mut Vec<u64>) {
        out.clear();
        out.extend(self.probes(key, m, k));
    }

    /// The `k` positions of `key` as an iterator that allocates nothing and
    /// hashes lazily, so a query that stops early does no more work.
    #[inline]
    pub fn probes<'a>(&self, key: &'a [u8], m: u64, k: u32) -> Probes<'a> {
        let m = m.max(1);
        let walk = match *self {
            Scheme::Double => {
                let h = LessonHash::of(key);
                Walk::Double {
                    next: u64::from(h.h1) % m,
                    stride: u64::from(h.h2) % m,
                }
            }
            Scheme::Enhanced => {
                let h = LessonHash::of(key);
                Walk::Enhanced {
                    next: u64::from(h.h1) % m,
                    stride: u64::from(h.h2) % m,
                    bend: u64::from(m > 1),
                }
            }
            Scheme::Independent { seed } => Walk::Independent { key, seed },
            Scheme::Blocked { seed } => {
                let (block, h) = BlockLayout::of(m).locate(seed, key);
                Walk::Blocked { block, h }
            }
        };
        Probes {
            walk,
            m,
            index: 0,
            k,
        }
    }

    /// True when every probe of `key` lands on one bit, so the key sets a
    /// single bit however large k is. Only the double scheme can do this
    /// (when `h2 mod m == 0`); the enhanced scheme's growing step moves it
    /// off that bit from the third probe on (unless m is 1, where every
    /// probe is bit 0), and independent probes never collapse by design,
    /// though two of them may coincide by chance.
    pub fn collapses(&self, key: &[u8], m: u64) -> bool {
        match self {
            Scheme::Double => LessonHash::of(key).collapses(m),
            Scheme::Enhanced => m <= 1,
            Scheme::Independent { .. } | Scheme::Blocked { .. } => false,
        }
    }

    /// Which kind of scheme this is.
    pub fn kind(&self) -> SchemeKind {
        match self {
            Scheme::Double => SchemeKind::Double,
            Scheme::Enhanced => SchemeKind::Enhanced,
            Scheme::Independent { .. } => SchemeKind::Independent,
            Scheme::Blocked { .. } => SchemeKind::Blocked,
        }
    }

    /// A short name for screens and JSON: `double`, `enhanced`,
    /// `independent` or `blocked`.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }
}

impl SchemeKind {
    /// The runnable scheme of this kind. The independent and blocked
    /// schemes use `seed`; the other two are fixed functions of the key.
    pub fn with_seed(self, seed: u64) -> Scheme {
        match self {
            SchemeKind::Double => Scheme::Double,
            SchemeKind::Enhanced => Scheme::Enhanced,
            SchemeKind::Independent => Scheme::Independent { seed },
            SchemeKind::Blocked => Scheme::Blocked { seed },
        }
    }
}

/// `(a + b) mod m` for `a, b < m`, without overflow or division.
#[inline]
fn add_mod(a: u64, b: u64, m: u64) -> u64 {
    if a >= m - b { a - (m - b) } else { a + b }
}

/// Where the next probe comes from.
#[derive(Debug, Clone)]
enum Walk<'a> {
    /// Double hashing, stepped by adding the stride modulo m (no division
    /// per probe; equal to `(h1 + i*h2) mod m`).
    Double { next: u64, stride: u64 },
    /// Enhanced double hashing, stepped as `next += stride; stride += bend;
    /// bend += 1`, all modulo m (equal to `h1 + i*h2 + (i^3 - i)/6 mod m`).
    Enhanced { next: u64, stride: u64, bend: u64 },
    /// One seeded hash of the whole key per probe.
    Independent { key: &'a [u8], seed: u64 },
    /// The key's block and the hash its positions in it are drawn from.
    Blocked { block: Block, h: u64 },
}

/// The positions of one key, in probe order. Made by [`Scheme::probes`].
#[derive(Debug, Clone)]
pub struct Probes<'a> {
    walk: Walk<'a>,
    m: u64,
    index: u32,
    k: u32,
}

impl Iterator for Probes<'_> {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.index >= self.k {
            return None;
        }
        let i = self.index;
        self.index += 1;
        match &mut self.walk {
            Walk::Double { next, stride } => {
                let pos = *next;
                *next = add_mod(*next, *stride, self.m);
                Some(pos)
            }
            Walk::Enhanced { next, stride, bend } => {
                let pos = *next;
                *next = add_mod(*next, *stride, self.m);
                *stride = add_mod(*stride, *bend, self.m);
                *bend = add_mod(*bend, u64::from(self.m > 1), self.m);
                Some(pos)
            }
            Walk::Independent { key, seed } => Some(independent::position(*seed, key, i, self.m)),
            Walk::Blocked { block, h } => Some(blocked::position(*block, *h, i)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.k - self.index) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Probes<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_scheme_matches_the_formula() {
        for m in [1u64, 2, 15, 16, 160, 1_000_003, u64::from(u32::MAX) * 3] {
            for key in ["rec-11", "rec-42", "", "a longer key with spaces"] {
                let h = LessonHash::of(key.as_bytes());
                let walked: Vec<u64> = Scheme::Double.probes(key.as_bytes(), m, 9).collect();
                let direct: Vec<u64> = (0..9).map(|i| h.position(i, m)).collect();
                assert_eq!(walked, direct, "m = {m}, key = {key:?}");
            }
        }
    }

    #[test]
    fn enhanced_scheme_matches_the_formula() {
        for m in [1u64, 2, 3, 15, 16, 160, 1_000_003, u64::from(u32::MAX) * 3] {
            for key in ["rec-11", "rec-42", "", "a longer key with spaces"] {
                let h = LessonHash::of(key.as_bytes());
                let walked: Vec<u64> = Scheme::Enhanced.probes(key.as_bytes(), m, 40).collect();
                let direct: Vec<u64> = (0..40).map(|i| h.enhanced_position(i, m)).collect();
                assert_eq!(walked, direct, "m = {m}, key = {key:?}");
            }
        }
    }

    #[test]
    fn enhanced_and_double_share_the_first_two_probes_only() {
        let double: Vec<u64> = Scheme::Double.probes(b"rec-11", 1000, 5).collect();
        let enhanced: Vec<u64> = Scheme::Enhanced.probes(b"rec-11", 1000, 5).collect();
        assert_eq!(double[..2], enhanced[..2]);
        assert_ne!(double[2..], enhanced[2..]);
    }

    #[test]
    fn with_seed_builds_the_matching_scheme() {
        for kind in SchemeKind::ALL {
            assert_eq!(kind.with_seed(9).kind(), kind);
        }
        assert_eq!(
            SchemeKind::Independent.with_seed(9),
            Scheme::Independent { seed: 9 }
        );
    }

    #[test]
    fn positions_fills_and_reuses_the_buffer() {
        let mut out = vec![99; 10];
        Scheme::Double.positions(b"rec-11", 16, 3, &mut out);
        assert_eq!(out, [4, 3, 2]);
        Scheme::Independent { seed: 5 }.positions(b"rec-11", 16, 4, &mut out);
        assert_eq!(out.len(), 4);
        assert!(out.iter().all(|&p| p < 16));
    }

    #[test]
    fn probes_report_their_length() {
        let probes = Scheme::Independent { seed: 1 }.probes(b"x", 100, 7);
        assert_eq!(probes.len(), 7);
        assert_eq!(Scheme::Double.probes(b"x", 100, 0).count(), 0);
    }

    #[test]
    fn only_the_double_scheme_collapses() {
        let key = super::super::hash::find_collapsing_key(15, 10_000).unwrap();
        assert!(Scheme::Double.collapses(key.as_bytes(), 15));
        assert!(!Scheme::Independent { seed: 0 }.collapses(key.as_bytes(), 15));
        assert!(!Scheme::Enhanced.collapses(key.as_bytes(), 15));
        let spread: Vec<u64> = Scheme::Enhanced.probes(key.as_bytes(), 15, 3).collect();
        assert_ne!(spread[0], spread[2]);
    }
}
