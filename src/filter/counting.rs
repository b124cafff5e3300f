//! The counting Bloom filter: a 4-bit counter per position instead of a
//! bit, so keys can be deleted as well as inserted.

use super::FilterError;
use super::bits::{MAX_BITS, zeroed_bytes};
use super::bloom::{QueryReport, check_hashes};
use super::independent::{ProbeSeed, probe_seeds};
use super::scheme::Scheme;

/// The largest value a 4-bit counter holds.
pub const COUNTER_MAX: u8 = 15;

/// What an insert did to the counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountingInsertReport {
    /// The k positions, in probe order.
    pub positions: Vec<u64>,
    /// Positions whose counter was already at [`COUNTER_MAX`] and could not
    /// count this key (in probe order).
    pub saturated: Vec<u64>,
}

/// What a successful delete did to the counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteReport {
    /// The k positions, in probe order.
    pub positions: Vec<u64>,
    /// Positions whose counter went down by one (in probe order).
    pub decremented: Vec<u64>,
    /// Positions left at [`COUNTER_MAX`] because a saturated counter is
    /// never decremented (in probe order).
    pub left_saturated: Vec<u64>,
}

/// Why a delete was refused. A refused delete changes nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeleteError {
    /// A counter the key maps to is zero, so the key was never inserted
    /// (or was already deleted); decrementing the others would erase
    /// evidence of keys that are still present.
    #[error("counter {position} is 0, so this key was never inserted; nothing deleted")]
    ZeroCounter {
        /// The first probed position whose counter is zero.
        position: u64,
    },
    /// The key's probes hit one position more times than its counter
    /// records, which also proves the key is not in the filter.
    #[error(
        "counter {position} is {counter} but the key probes it {probes} times, \
         so this key was never inserted; nothing deleted"
    )]
    CounterBelowProbes {
        /// The position.
        position: u64,
        /// Its counter.
        counter: u8,
        /// How many of the key's probes land on it.
        probes: u32,
    },
}

/// A Bloom filter whose cells are 4-bit counters (two per byte), able to
/// delete keys it holds.
///
/// Counters saturate at [`COUNTER_MAX`]. A saturated counter is never
/// decremented: once it has been pushed past 15 the filter no longer knows
/// how many keys really sit on that position. If deletes kept subtracting,
/// the counter could fall to 0 while some of those keys are still present,
/// and those keys would then be answered "no": a false negative, the one
/// error a Bloom filter must never make. Leaving it stuck at 15 costs only
/// a bit that stays set forever, i.e. a slightly higher false-positive rate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountingFilter {
    nibbles: Vec<u8>,
    m: u64,
    k: u32,
    scheme: Scheme,
    /// The independent scheme's probe seeds, worked out once (empty for
    /// the other schemes); the positions are those of [`Scheme::probes`].
    seeds: Vec<ProbeSeed>,
}

impl CountingFilter {
    /// An empty counting filter of `m` counters with `k` probes per key.
    /// Same limits as [`super::BloomFilter::new`].
    pub fn new(m: u64, k: u32, scheme: Scheme) -> Result<CountingFilter, FilterError> {
        check_hashes(k)?;
        if m == 0 {
            return Err(FilterError::ZeroBits);
        }
        if m > MAX_BITS {
            return Err(FilterError::TooManyBits { m, max: MAX_BITS });
        }
        let bytes = m.div_ceil(2);
        let nibbles =
            zeroed_bytes(bytes as usize).ok_or(FilterError::OutOfMemory { bits: m, bytes })?;
        let seeds = match scheme {
            Scheme::Independent { seed } => probe_seeds(seed, k),
            _ => Vec::new(),
        };
        Ok(CountingFilter {
            nibbles,
            m,
            k,
            scheme,
            seeds,
        })
    }

    /// Bytes the counters hold allocated (two counters a byte).
    pub fn memory_bytes(&self) -> u64 {
        self.nibbles.capacity() as u64
    }

    /// Number of counters.
    pub fn m(&self) -> u64 {
        self.m
    }

    /// Number of probes per key.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The probe scheme.
    pub fn scheme(&self) -> Scheme {
        self.scheme
    }

    /// The counter at `pos` (0 past the end).
    pub fn counter(&self, pos: u64) -> u8 {
        if pos >= self.m {
            return 0;
        }
        let byte = self.nibbles[(pos >> 1) as usize];
        if pos & 1 == 0 { byte & 0x0F } else { byte >> 4 }
    }

    fn set_counter(&mut self, pos: u64, value: u8) {
        let byte = &mut self.nibbles[(pos >> 1) as usize];
        *byte = if pos & 1 == 0 {
            (*byte & 0xF0) | (value & 0x0F)
        } else {
            (*byte & 0x0F) | (value << 4)
        };
    }

    /// Whether the counter at `pos` is non-zero (the bit a plain filter would hold).
    pub fn is_set(&self, pos: u64) -> bool {
        self.counter(pos) != 0
    }

    /// Number of non-zero counters.
    pub fn count_nonzero(&self) -> u64 {
        (0..self.m).filter(|&p| self.counter(p) != 0).count() as u64
    }

    /// The k positions of `key`, in probe order.
    pub fn positions(&self, key: &[u8]) -> Vec<u64> {
        self.scheme.probes(key, self.m, self.k).collect()
    }

    /// Adds one to each of the key's k counters (a saturated counter stays at 15).
    pub fn insert(&mut self, key: &[u8]) -> CountingInsertReport {
        let positions = self.positions(key);
        let mut saturated = Vec::new();
        for &pos in &positions {
            let c = self.counter(pos);
            if c == COUNTER_MAX {
                saturated.push(pos);
            } else {
                self.set_counter(pos, c + 1);
            }
        }
        CountingInsertReport {
            positions,
            saturated,
        }
    }

    /// Takes one off each of the key's k counters, or refuses (changing
    /// nothing) if the counters prove the key is absent. Saturated counters
    /// are left alone; see the type's documentation for why.
    pub fn delete(&mut self, key: &[u8]) -> Result<DeleteReport, DeleteError> {
        let positions = self.positions(key);
        for (i, &pos) in positions.iter().enumerate() {
            let counter = self.counter(pos);
            if counter == 0 {
                return Err(DeleteError::ZeroCounter { position: pos });
            }
            // Count each position once, at its first probe.
            if positions[..i].contains(&pos) || counter == COUNTER_MAX {
                continue;
            }
            let probes = positions.iter().filter(|&&p| p == pos).count() as u32;
            if u32::from(counter) < probes {
                return Err(DeleteError::CounterBelowProbes {
                    position: pos,
                    counter,
                    probes,
                });
            }
        }
        let mut report = DeleteReport {
            positions: Vec::new(),
            decremented: Vec::new(),
            left_saturated: Vec::new(),
        };
        for &pos in &positions {
            let c = self.counter(pos);
            if c == COUNTER_MAX {
                report.left_saturated.push(pos);
            } else {
                self.set_counter(pos, c - 1);
                report.decremented.push(pos);
            }
        }
        report.positions = positions;
        Ok(report)
    }

    /// Walks the probes in order, stopping at the first zero counter.
    pub fn query(&self, key: &[u8]) -> QueryReport {
        QueryReport::walk(self.positions(key), |pos| self.is_set(pos))
    }

    /// The answer alone: true means "maybe".
    pub fn contains(&self, key: &[u8]) -> bool {
        if self.seeds.is_empty() {
            self.scheme
                .probes(key, self.m, self.k)
                .all(|p| self.is_set(p))
        } else {
            self.seeds
                .iter()
                .all(|s| self.is_set(s.position(key, self.m)))
        }
    }

    /// Adds one to each of the key's k counters (a saturated counter stays
    /// at 15) without building a report: the fastest insert.
    pub fn add(&mut self, key: &[u8]) {
        let bump = |f: &mut CountingFilter, pos: u64| {
            let c = f.counter(pos);
            if c < COUNTER_MAX {
                f.set_counter(pos, c + 1);
            }
        };
        if self.seeds.is_empty() {
            let scheme = self.scheme;
            for pos in scheme.probes(key, self.m, self.k) {
                bump(self, pos);
            }
        } else {
            for i in 0..self.seeds.len() {
                let pos = self.seeds[i].position(key, self.m);
                bump(self, pos);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_deletes_read_word_for_word() {
        assert_eq!(
            DeleteError::ZeroCounter { position: 3 }.to_string(),
            "counter 3 is 0, so this key was never inserted; nothing deleted"
        );
        let e = DeleteError::CounterBelowProbes {
            position: 5,
            counter: 1,
            probes: 2,
        };
        assert_eq!(
            e.to_string(),
            "counter 5 is 1 but the key probes it 2 times, so this key was never inserted; \
             nothing deleted"
        );
    }
    use crate::filter::Answer;

    #[test]
    fn insert_then_delete_restores_the_counters() {
        let mut f = CountingFilter::new(16, 3, Scheme::Double).unwrap();
        f.insert(b"rec-11");
        f.insert(b"rec-42");
        assert_eq!(f.query(b"rec-11").answer(), Answer::Maybe);
        let report = f.delete(b"rec-11").unwrap();
        assert_eq!(report.positions, [4, 3, 2]);
        assert_eq!(report.decremented, [4, 3, 2]);
        assert_eq!(f.query(b"rec-42").answer(), Answer::Maybe);
        f.delete(b"rec-42").unwrap();
        assert!((0..16).all(|p| f.counter(p) == 0));
    }

    #[test]
    fn deleting_a_key_never_inserted_is_refused_and_changes_nothing() {
        let mut f = CountingFilter::new(16, 3, Scheme::Double).unwrap();
        for key in ["rec-11", "rec-42", "rec-97"] {
            f.insert(key.as_bytes());
        }
        let before = f.clone();
        // rec-6 probes 11, 2, 9 and counter 9 is zero.
        assert_eq!(
            f.delete(b"rec-6"),
            Err(DeleteError::ZeroCounter { position: 9 })
        );
        assert_eq!(f, before);
    }

    #[test]
    fn counters_saturate_at_15_and_are_never_decremented() {
        let mut f = CountingFilter::new(16, 3, Scheme::Double).unwrap();
        for _ in 0..20 {
            f.insert(b"rec-11");
        }
        assert_eq!(f.counter(4), COUNTER_MAX);
        assert_eq!(f.insert(b"rec-11").saturated, [4, 3, 2]);
        for _ in 0..30 {
            let report = f.delete(b"rec-11").unwrap();
            assert_eq!(report.left_saturated, [4, 3, 2]);
        }
        assert_eq!(f.counter(4), COUNTER_MAX);
        assert_eq!(f.query(b"rec-11").answer(), Answer::Maybe);
    }

    #[test]
    fn the_quiet_add_counts_as_insert_does() {
        for scheme in [Scheme::Double, Scheme::Independent { seed: 4 }] {
            let mut loud = CountingFilter::new(40, 5, scheme).unwrap();
            let mut quiet = loud.clone();
            for i in 0..60u32 {
                loud.insert(&i.to_le_bytes());
                quiet.add(&i.to_le_bytes());
            }
            assert_eq!(loud, quiet);
            assert!((0..60u32).all(|i| quiet.contains(&i.to_le_bytes())));
        }
    }

    #[test]
    fn neighbouring_counters_share_a_byte_without_interfering() {
        let mut f = CountingFilter::new(5, 1, Scheme::Double).unwrap();
        f.set_counter(2, 7);
        f.set_counter(3, 15);
        f.set_counter(4, 1);
        assert_eq!([f.counter(2), f.counter(3), f.counter(4)], [7, 15, 1]);
        f.set_counter(2, 0);
        assert_eq!([f.counter(2), f.counter(3)], [0, 15]);
        assert_eq!(f.count_nonzero(), 2);
    }

    #[test]
    fn a_collapsed_key_needs_its_counter_to_cover_every_probe() {
        let key = crate::filter::hash::find_collapsing_key(15, 10_000).unwrap();
        let mut f = CountingFilter::new(15, 3, Scheme::Double).unwrap();
        let pos = f.positions(key.as_bytes())[0];
        f.set_counter(pos, 2);
        assert_eq!(
            f.delete(key.as_bytes()),
            Err(DeleteError::CounterBelowProbes {
                position: pos,
                counter: 2,
                probes: 3
            })
        );
        f.insert(key.as_bytes());
        assert_eq!(f.counter(pos), 5);
        f.delete(key.as_bytes()).unwrap();
        assert_eq!(f.counter(pos), 2);
    }
}
