//! The Bloom filter itself: k probes per key into an array of m bits.

use super::FilterError;
use super::bits::BitArray;
use super::blocked::{self, BlockLayout};
use super::independent::{self, ProbeSeed};
pub use super::report::{Answer, InsertReport, ProbeReadout, QueryReport};
use super::scheme::Scheme;

/// The most hash functions a filter accepts; far past any useful k.
// The limit fits in u32 by construction (it is 1000).
pub const MAX_HASHES: u32 = crate::limits::K.max as u32;

/// A Bloom filter of m bits with k probes per key.
///
/// ```
/// use bloomlab::filter::{Answer, BloomFilter, Scheme};
///
/// // The lesson's filter: 16 bits, 3 probes, the lesson's double hashing.
/// let mut filter = BloomFilter::new(16, 3, Scheme::Double)?;
/// assert_eq!(filter.insert(b"rec-11").positions, [4, 3, 2]);
/// filter.insert(b"rec-42");
/// filter.insert(b"rec-97");
/// assert_eq!(filter.query(b"rec-42").answer(), Answer::Maybe);
/// assert_eq!(filter.query(b"rec-6").answer(), Answer::No);
/// // rec-67 was never inserted, but all three of its bits are set.
/// assert!(filter.contains(b"rec-67"));
/// # Ok::<(), bloomlab::filter::FilterError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BloomFilter {
    bits: BitArray,
    k: u32,
    scheme: Scheme,
    /// The independent scheme's k probe seeds, worked out once per filter
    /// instead of once per key (empty for the other schemes). Derived from
    /// `scheme` alone, so the positions are those of [`Scheme::probes`].
    probe_seeds: Vec<ProbeSeed>,
    /// The blocked scheme's cut of the m bits into blocks, worked out once
    /// per filter (`None` for the other schemes).
    blocks: Option<BlockLayout>,
}

impl BloomFilter {
    /// An empty filter. Refuses m = 0, m above [`super::bits::MAX_BITS`],
    /// k = 0 and k above [`MAX_HASHES`], and reports
    /// [`FilterError::OutOfMemory`] when the bits cannot be allocated.
    pub fn new(m: u64, k: u32, scheme: Scheme) -> Result<BloomFilter, FilterError> {
        check_hashes(k)?;
        Ok(BloomFilter {
            bits: BitArray::new(m)?,
            k,
            scheme,
            probe_seeds: seeds_of(scheme, k),
            blocks: layout_of(scheme, m),
        })
    }

    /// An empty filter with the same m, k and scheme (for a copy filled on
    /// another thread and merged back with [`union_with`](BloomFilter::union_with)).
    pub fn empty_like(&self) -> Result<BloomFilter, FilterError> {
        Ok(BloomFilter {
            bits: self.bits.empty_like()?,
            k: self.k,
            scheme: self.scheme,
            probe_seeds: self.probe_seeds.clone(),
            blocks: self.blocks,
        })
    }

    /// Adds every key of `other` to this filter (a bitwise or of the bits),
    /// as if they had been inserted here. Refuses a filter of another m, k
    /// or scheme, leaving this one unchanged.
    pub fn union_with(&mut self, other: &BloomFilter) -> Result<(), FilterError> {
        if other.k != self.k || other.scheme != self.scheme {
            return Err(FilterError::Incompatible);
        }
        self.bits.union_with(&other.bits)
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
        let mut out = Vec::with_capacity(self.k as usize);
        self.each_probe(key, |pos| {
            out.push(pos);
            true
        });
        out
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
    /// many bits were turned on.
    #[inline(always)]
    pub fn insert_counting_new_bits(&mut self, key: &[u8]) -> u32 {
        let mut fresh = 0;
        let (bits, seeds) = (&mut self.bits, &self.probe_seeds[..]);
        let how = Walker {
            scheme: &self.scheme,
            seeds,
            blocks: self.blocks.as_ref(),
            k: self.k,
        };
        how.each(key, bits.len(), |pos| {
            fresh += u32::from(bits.set(pos));
        });
        fresh
    }

    /// Sets the k bits of `key` and nothing else: the fastest insert, for
    /// a caller that counts the bits afterwards if at all.
    #[inline(always)]
    pub fn add(&mut self, key: &[u8]) {
        let (bits, seeds) = (&mut self.bits, &self.probe_seeds[..]);
        let how = Walker {
            scheme: &self.scheme,
            seeds,
            blocks: self.blocks.as_ref(),
            k: self.k,
        };
        how.each(key, bits.len(), |pos| {
            bits.set(pos);
        });
    }

    /// Walks the probes of `key` in order, stopping at the first 0.
    pub fn query(&self, key: &[u8]) -> QueryReport {
        QueryReport::walk(self.positions(key), |pos| self.bits.get(pos))
    }

    /// The answer alone, with no allocation: true means "maybe". Stops
    /// hashing soon after the first probe that finds a 0.
    #[inline(always)]
    pub fn contains(&self, key: &[u8]) -> bool {
        let m = self.m();
        let Scheme::Independent { .. } = self.scheme else {
            return self.each_probe(key, |pos| self.bits.get(pos));
        };
        // Two probes at a time: at half fill a stranger needs about two
        // anyway, and reading both bits before the branch spares the
        // processor a coin-flip guess at the first one.
        let mut pairs = self.probe_seeds.chunks_exact(2);
        for pair in &mut pairs {
            let (a, b) = (pair[0].position(key, m), pair[1].position(key, m));
            if !(self.bits.get(a) & self.bits.get(b)) {
                return false;
            }
        }
        for seed in pairs.remainder() {
            if !self.bits.get(seed.position(key, m)) {
                return false;
            }
        }
        true
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
        if scheme != self.scheme {
            self.scheme = scheme;
            self.blocks = layout_of(scheme, self.bits.len());
            // Refilled in place: a run of many small filters would
            // otherwise allocate once per filter.
            self.probe_seeds.clear();
            if let Scheme::Independent { seed } = scheme {
                self.probe_seeds
                    .extend((0..self.k).map(|i| ProbeSeed::new(seed, i)));
            }
        }
    }

    /// Calls `visit` with each probe position of `key` in order, stopping
    /// as soon as it returns false; returns whether every call returned true.
    /// The independent scheme hashes lazily with its precomputed seeds, so
    /// a query that stops early hashes no further.
    #[inline(always)]
    fn each_probe(&self, key: &[u8], mut visit: impl FnMut(u64) -> bool) -> bool {
        let m = self.m();
        match self.scheme {
            Scheme::Independent { .. } => {
                for seed in &self.probe_seeds {
                    if !visit(seed.position(key, m)) {
                        return false;
                    }
                }
            }
            Scheme::Blocked { seed } => {
                let layout = self.blocks.unwrap_or_else(|| BlockLayout::of(m));
                let (block, h) = layout.locate(seed, key);
                return blocked::each_position(block, h, self.k, visit);
            }
            Scheme::Double | Scheme::Enhanced => {
                for pos in self.scheme.probes(key, m, self.k) {
                    if !visit(pos) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// What a filter's probe walk needs, borrowed apart from its bits, so the
/// compiler knows that writing the bits cannot change the seeds and keeps
/// them in registers.
struct Walker<'a> {
    scheme: &'a Scheme,
    seeds: &'a [ProbeSeed],
    blocks: Option<&'a BlockLayout>,
    k: u32,
}

impl Walker<'_> {
    /// Calls `visit` with every probe position of `key`, in order.
    #[inline(always)]
    fn each(&self, key: &[u8], m: u64, mut visit: impl FnMut(u64)) {
        // Plain loops: the iterator adaptors are left out of line by the
        // compiler here, and with them the key's length.
        match *self.scheme {
            Scheme::Independent { .. } => {
                for seed in self.seeds {
                    visit(seed.position(key, m));
                }
            }
            Scheme::Blocked { seed } => {
                let layout = self.blocks.copied().unwrap_or_else(|| BlockLayout::of(m));
                let (block, h) = layout.locate(seed, key);
                blocked::each_position(block, h, self.k, |pos| {
                    visit(pos);
                    true
                });
            }
            Scheme::Double | Scheme::Enhanced => {
                for pos in self.scheme.probes(key, m, self.k) {
                    visit(pos);
                }
            }
        }
    }
}

// The hot operations are always inlined: only at the caller is the key's
// length known (8 bytes in a measurement), and with it the independent
// hash folds to a single block instead of a loop over chunks.

/// The precomputed probe seeds a scheme needs: the independent scheme's k
/// seeds, nothing for the others.
fn seeds_of(scheme: Scheme, k: u32) -> Vec<ProbeSeed> {
    match scheme {
        Scheme::Independent { seed } => independent::probe_seeds(seed, k),
        Scheme::Double | Scheme::Enhanced | Scheme::Blocked { .. } => Vec::new(),
    }
}

/// The blocked scheme's layout of `m` bits, worked out once per filter.
fn layout_of(scheme: Scheme, m: u64) -> Option<BlockLayout> {
    matches!(scheme, Scheme::Blocked { .. }).then(|| BlockLayout::of(m))
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
