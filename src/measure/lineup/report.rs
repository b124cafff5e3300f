//! What a line-up reports: one result per structure as it arrives, and the
//! whole line-up at the end.

use super::plan::Sizes;
use super::structure::Structure;
use crate::filter::membership::HashWall;
use crate::measure::interval::Interval;

/// One structure measured.
#[derive(Debug, Clone, PartialEq)]
pub struct StructureResult {
    /// Which structure.
    pub structure: Structure,
    /// Its shape in a few words (bits and k, fingerprint width, slots).
    pub params: String,
    /// Bytes of its table as allocated.
    pub memory_bytes: u64,
    /// `8 * memory_bytes / n`.
    pub bits_per_key: f64,
    /// Bits per key over the floor `log2(1/p)`.
    pub floor_ratio: f64,
    /// Keys it holds (n, unless a full table refused the rest).
    pub inserted: u64,
    /// Why it stopped taking keys, when it did.
    pub refused: Option<String>,
    /// "Maybe" answers to the never-inserted keys.
    pub false_positives: u64,
    /// Never-inserted keys queried.
    pub queries: u64,
    /// `false_positives / queries`.
    pub rate: f64,
    /// The 95% interval of this one structure's rate (Wilson).
    pub interval: Interval,
    /// The rate its formula gives at its shape, when there is a formula.
    pub fp_model: Option<f64>,
    /// Whether `fp_model` lies inside `interval`.
    pub model_inside: Option<bool>,
    /// Why the width or the sizing is what it is, what it costs, and why a
    /// model outside the interval is there: one sentence each.
    pub notes: Vec<String>,
    /// Nanoseconds per key to insert (for a static filter: to hash the
    /// set and build the filter, over n).
    pub insert_ns: f64,
    /// Nanoseconds per query.
    pub query_ns: f64,
}

impl StructureResult {
    /// The structure's name.
    pub fn name(&self) -> &'static str {
        self.structure.name()
    }

    /// Whether it can delete.
    pub fn deletes(&self) -> bool {
        self.structure.deletes()
    }

    /// Whether it is built once from a fixed set.
    pub fn is_static(&self) -> bool {
        self.structure.is_static()
    }

    /// The floor at the rate it measured, `log2(1/rate)` bits per key:
    /// the least any structure needs to answer "maybe" that rarely. A
    /// structure that overshoots the target rate is measured against this
    /// floor rather than the target's. `None` when it measured no false
    /// positive at all, which no finite floor describes.
    pub fn rate_floor(&self) -> Option<f64> {
        (self.rate > 0.0).then(|| -self.rate.log2())
    }
}

/// A whole line-up.
#[derive(Debug, Clone, PartialEq)]
pub struct Lineup {
    /// Keys each structure holds.
    pub n: u64,
    /// The target rate.
    pub p: f64,
    /// `log2(1/p)`.
    pub floor_bits_per_key: f64,
    /// Never-inserted keys queried against each.
    pub queries: u64,
    /// The seed.
    pub seed: u64,
    /// How the structures were sized.
    pub sizes: Sizes,
    /// What the 64-bit key hash's collisions cost at n keys.
    pub hash_wall: HashWall,
    /// The results, in the order measured.
    pub structures: Vec<StructureResult>,
}

impl Lineup {
    /// The result of one structure, if it was measured.
    pub fn get(&self, structure: Structure) -> Option<&StructureResult> {
        self.structures.iter().find(|r| r.structure == structure)
    }
}

/// What a line-up tells its caller while it runs (on the calling thread,
/// in this order): the sizes, then for each structure its start, the keys
/// done every few tens of thousands, and its result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LineupEvent<'a> {
    /// The structures are sized.
    Sized(&'a Sizes),
    /// Structure `index` (of `of`) starts.
    Started {
        /// Which structure.
        structure: Structure,
        /// Its place, from 0.
        index: usize,
        /// How many there are.
        of: usize,
    },
    /// Keys inserted and queried so far for the structure being measured.
    Keys {
        /// Which structure.
        structure: Structure,
        /// Keys done.
        done: u64,
        /// Keys it will do (n + queries).
        total: u64,
    },
    /// A structure's result.
    Arrived(&'a StructureResult),
}
