//! The Bloom filter itself: k probes per key into an array of m bits.

use super::FilterError;
use super::bits::BitArray;
use super::scheme::Scheme;

/// The most hash functions a filter accepts; far past any useful k.
// The limit fits in u32 by construction (it is 1000).
pub const MAX_HASHES: u32 = crate::limits::K.max as u32;

/// A filter's answer to "have you seen this key?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Every probe found a 1: the key may have been inserted.
    Maybe,
    /// Some probe found a 0: the key was certainly never inserted.
    No,
}

impl Answer {
    /// `maybe` or `no`, as the command line prints it.
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Maybe => "maybe",
            Answer::No => "no",
        }
    }
}

/// What an insert did, probe by probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertReport {
    /// The k positions, in probe order (a position may repeat).
    pub positions: Vec<u64>,
    /// Positions this insert turned from 0 to 1, in probe order.
    pub newly_set: Vec<u64>,
    /// Probed positions that were already 1 (set by an earlier key, or by an
    /// earlier probe of this same key), in probe order.
    pub already_set: Vec<u64>,
    /// For each probe, whether its bit was already 1 when it got there.
    pub was_set: Vec<bool>,
}

/// What a query read, probe by probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryReport {
    /// All k positions of the key, in probe order, including those after
    /// the probe where the query stopped.
    pub positions: Vec<u64>,
    /// The bit each probe actually read, in order; shorter than `positions`
    /// when the query stopped early.
    pub read: Vec<bool>,
    /// Index (into `positions`) of the first probe that read 0, if any.
    pub stopped_at: Option<usize>,
}

impl QueryReport {
    /// `No` if some probe read 0, otherwise `Maybe`.
    pub fn answer(&self) -> Answer {
        if self.stopped_at.is_some() {
            Answer::No
        } else {
            Answer::Maybe
        }
    }
}

/// Every probe of a key read without stopping, to show the "any instead of
/// all" mistake beside the correct rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeReadout {
    /// All k positions, in probe order.
    pub positions: Vec<u64>,
    /// The bit at each position.
    pub bits: Vec<bool>,
}

impl ProbeReadout {
    /// The correct rule: maybe only if every probe is 1.
    pub fn all_answer(&self) -> Answer {
        if self.bits.iter().all(|&b| b) {
            Answer::Maybe
        } else {
            Answer::No
        }
    }

    /// The classic mistake: maybe as soon as any probe is 1. It turns most
    /// strangers into false positives once a few bits are set.
    pub fn any_answer(&self) -> Answer {
        if self.bits.iter().any(|&b| b) {
            Answer::Maybe
        } else {
            Answer::No
        }
    }

    /// True when the mistaken rule gives a different answer from the correct one.
    pub fn mistake_matters(&self) -> bool {
        self.all_answer() != self.any_answer()
    }
}

/// A Bloom filter of m bits with k probes per key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BloomFilter {
    bits: BitArray,
    k: u32,
    scheme: Scheme,
}

impl BloomFilter {
    /// An empty filter. Refuses m = 0, m above [`super::bits::MAX_BITS`],
    /// k = 0 and k above [`MAX_HASHES`].
    pub fn new(m: u64, k: u32, scheme: Scheme) -> Result<BloomFilter, FilterError> {
        check_hashes(k)?;
        Ok(BloomFilter {
            bits: BitArray::new(m)?,
            k,
            scheme,
        })
    }

    /// Number of bits.
    pub fn m(&self) -> u64 {
        self.bits.len()
    }

    /// Number of probes per key.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The probe scheme.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The underlying bits.
    pub fn bits(&self) -> &BitArray {
        &self.bits
    }

    /// Whether bit `pos` is 1 (positions past the end read 0).
    pub fn is_set(&self, pos: u64) -> bool {
        self.bits.get(pos)
    }

    /// Number of bits that are 1.
    pub fn count_ones(&self) -> u64 {
        self.bits.count_ones()
    }

    /// The k positions of `key` in this filter, in probe order.
    pub fn positions(&self, key: &[u8]) -> Vec<u64> {
        self.scheme.probes(key, self.m(), self.k).collect()
    }

    /// Sets the k bits of `key` and reports which were new.
    pub fn insert(&mut self, key: &[u8]) -> InsertReport {
        let positions = self.positions(key);
        let mut report = InsertReport {
            newly_set: Vec::with_capacity(positions.len()),
            already_set: Vec::new(),
            was_set: Vec::with_capacity(positions.len()),
            positions: Vec::new(),
        };
        for &pos in &positions {
            let fresh = self.bits.set(pos);
            report.was_set.push(!fresh);
            if fresh {
                report.newly_set.push(pos);
            } else {
                report.already_set.push(pos);
            }
        }
        report.positions = positions;
        report
    }

    /// Sets the k bits of `key` without building a report, returning how
    /// many bits were turned on. The measurement loop uses this.
    #[inline]
    pub fn insert_counting_new_bits(&mut self, key: &[u8]) -> u32 {
        let mut fresh = 0;
        for pos in self.scheme.probes(key, self.bits.len(), self.k) {
            fresh += u32::from(self.bits.set(pos));
        }
        fresh
    }

    /// Walks the probes of `key` in order, stopping at the first 0.
    pub fn query(&self, key: &[u8]) -> QueryReport {
        let positions = self.positions(key);
        let mut read = Vec::with_capacity(positions.len());
        let mut stopped_at = None;
        for (i, &pos) in positions.iter().enumerate() {
            let bit = self.bits.get(pos);
            read.push(bit);
            if !bit {
                stopped_at = Some(i);
                break;
            }
        }
        QueryReport {
            positions,
            read,
            stopped_at,
        }
    }

    /// The answer alone, with no allocation: true means "maybe".
    #[inline]
    pub fn contains(&self, key: &[u8]) -> bool {
        self.scheme
            .probes(key, self.bits.len(), self.k)
            .all(|pos| self.bits.get(pos))
    }

    /// Reads every probe of `key` without stopping, so the correct "all"
    /// rule and the mistaken "any" rule can be shown side by side.
    pub fn read_all_probes(&self, key: &[u8]) -> ProbeReadout {
        let positions = self.positions(key);
        let bits = positions.iter().map(|&p| self.bits.get(p)).collect();
        ProbeReadout { positions, bits }
    }

    /// True when every probe of `key` lands on one bit (see [`Scheme::collapses`]).
    pub fn collapses(&self, key: &[u8]) -> bool {
        self.scheme.collapses(key, self.m())
    }

    /// Empties the filter, keeping its size, k and scheme.
    pub fn clear(&mut self) {
        self.bits.clear();
    }

    /// Empties the filter and switches it to `scheme`, reusing the bit
    /// array (for runs that build many filters of one size).
    pub fn reset_with_scheme(&mut self, scheme: Scheme) {
        self.bits.clear();
        self.scheme = scheme;
    }
}

/// Checks k against the allowed range `1..=MAX_HASHES`.
pub(crate) fn check_hashes(k: u32) -> Result<(), FilterError> {
    if k == 0 {
        Err(FilterError::ZeroHashes)
    } else if k > MAX_HASHES {
        Err(FilterError::TooManyHashes { k, max: MAX_HASHES })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson_filter() -> BloomFilter {
        let mut f = BloomFilter::new(16, 3, Scheme::Double).unwrap();
        for key in ["rec-11", "rec-42", "rec-97"] {
            f.insert(key.as_bytes());
        }
        f
    }

    #[test]
    fn rec_11_sets_4_3_2() {
        let mut f = BloomFilter::new(16, 3, Scheme::Double).unwrap();
        let report = f.insert(b"rec-11");
        assert_eq!(report.positions, [4, 3, 2]);
        assert_eq!(report.newly_set, [4, 3, 2]);
        assert!(report.already_set.is_empty());
        assert_eq!(f.count_ones(), 3);
        assert!(f.is_set(4) && f.is_set(3) && f.is_set(2));
    }

    #[test]
    fn the_lesson_queries_answer_maybe_no_maybe() {
        let f = lesson_filter();
        let answers: Vec<Answer> = ["rec-42", "rec-6", "rec-67"]
            .iter()
            .map(|k| f.query(k.as_bytes()).answer())
            .collect();
        assert_eq!(answers, [Answer::Maybe, Answer::No, Answer::Maybe]);
        for key in ["rec-42", "rec-6", "rec-67"] {
            assert_eq!(
                f.contains(key.as_bytes()),
                f.query(key.as_bytes()).answer() == Answer::Maybe
            );
        }
    }

    #[test]
    fn rec_6_reads_1_1_0_and_stops_at_the_third_probe() {
        let f = lesson_filter();
        let report = f.query(b"rec-6");
        assert_eq!(report.positions, [11, 2, 9]);
        assert_eq!(report.read, [true, true, false]);
        assert_eq!(report.stopped_at, Some(2));
        let all = f.read_all_probes(b"rec-6");
        assert_eq!(all.bits, [true, true, false]);
        assert_eq!(all.all_answer(), Answer::No);
        assert_eq!(all.any_answer(), Answer::Maybe);
        assert!(all.mistake_matters());
    }

    #[test]
    fn a_query_stopping_early_still_lists_every_position() {
        let mut f = BloomFilter::new(16, 3, Scheme::Double).unwrap();
        f.insert(b"rec-11");
        let report = f.query(b"rec-6");
        assert_eq!(report.positions, [11, 2, 9]);
        assert_eq!(report.read, [false]);
        assert_eq!(report.stopped_at, Some(0));
    }

    #[test]
    fn shared_bits_are_reported_as_already_set() {
        let mut f = BloomFilter::new(16, 3, Scheme::Double).unwrap();
        let first = f.insert(b"rec-11");
        let second = f.insert(b"rec-11");
        assert_eq!(second.newly_set, Vec::<u64>::new());
        assert_eq!(second.already_set, first.positions);
        assert_eq!(second.was_set, [true, true, true]);
    }

    #[test]
    fn no_false_negatives() {
        for scheme in [Scheme::Double, Scheme::Independent { seed: 11 }] {
            let mut f = BloomFilter::new(200, 5, scheme).unwrap();
            for n in 0..60 {
                let key = format!("key-{n}");
                f.insert(key.as_bytes());
                assert_eq!(f.query(key.as_bytes()).answer(), Answer::Maybe);
            }
            for n in 0..60 {
                assert!(f.contains(format!("key-{n}").as_bytes()));
            }
        }
    }

    #[test]
    fn quiet_insert_counts_new_bits() {
        let mut f = BloomFilter::new(16, 3, Scheme::Double).unwrap();
        assert_eq!(f.insert_counting_new_bits(b"rec-11"), 3);
        assert_eq!(f.insert_counting_new_bits(b"rec-11"), 0);
        f.clear();
        assert_eq!(f.count_ones(), 0);
    }

    #[test]
    fn bad_sizes_are_errors() {
        assert_eq!(
            BloomFilter::new(0, 3, Scheme::Double),
            Err(FilterError::ZeroBits)
        );
        assert_eq!(
            BloomFilter::new(16, 0, Scheme::Double),
            Err(FilterError::ZeroHashes)
        );
        assert_eq!(
            BloomFilter::new(16, MAX_HASHES + 1, Scheme::Double),
            Err(FilterError::TooManyHashes {
                k: MAX_HASHES + 1,
                max: MAX_HASHES
            })
        );
    }
}
