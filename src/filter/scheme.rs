//! The probe schemes behind one interface: which k bits a key touches.

use super::hash::LessonHash;
use super::independent;

/// How a filter turns a key into its k bit positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// The lesson's FNV-1a with double hashing: `(h1 + i*h2) mod m`.
    Double,
    /// k independent seeded 64-bit hashes, one per probe (the textbook model).
    Independent {
        /// The filter's seed; every probe derives its own seed from it.
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
            Scheme::Independent { seed } => Walk::Independent { key, seed },
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
    /// (when `h2 mod m == 0`); independent probes never collapse by design,
    /// though two of them may coincide by chance.
    pub fn collapses(&self, key: &[u8], m: u64) -> bool {
        match self {
            Scheme::Double => LessonHash::of(key).collapses(m),
            Scheme::Independent { .. } => false,
        }
    }

    /// A short name for screens and JSON: `double` or `independent`.
    pub fn name(&self) -> &'static str {
        match self {
            Scheme::Double => "double",
            Scheme::Independent { .. } => "independent",
        }
    }
}

/// Where the next probe comes from.
#[derive(Debug, Clone)]
enum Walk<'a> {
    /// Double hashing, stepped by adding the stride modulo m (no division
    /// per probe; equal to `(h1 + i*h2) mod m`).
    Double { next: u64, stride: u64 },
    /// One seeded hash of the whole key per probe.
    Independent { key: &'a [u8], seed: u64 },
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
                // Both terms are below m, so one subtraction brings the sum back.
                let m = self.m;
                *next = if *next >= m - *stride {
                    *next - (m - *stride)
                } else {
                    *next + *stride
                };
                Some(pos)
            }
            Walk::Independent { key, seed } => Some(independent::position(*seed, key, i, self.m)),
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
    }
}
