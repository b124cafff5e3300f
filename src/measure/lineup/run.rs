//! Measuring a line-up: each structure in turn fills with the same n keys,
//! answers the same never-inserted keys, and is timed doing it.
//!
//! Structures run one after another on the calling thread, so no two share
//! the cores or the memory bus while they are timed. The keys come from
//! one [`KeySpace`] drawn from the seed, and every hash seed is drawn from
//! it too: the counts depend on the seed alone. The cancel flag is looked
//! at every [`CHUNK`] keys.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::LineupError;
use super::notes;
use super::plan::{LineupConfig, Sizes, sizes};
use super::report::{Lineup, LineupEvent, StructureResult};
use super::structure::Structure;
use crate::filter::blocked::BlockLayout;
use crate::filter::cuckoo::CuckooFilter;
use crate::filter::fixed_set::{FixedKind, FixedSetFilter};
use crate::filter::membership::{FastBloom, HashWall, Membership, Quotient, key_hash};
use crate::filter::{BloomFilter, CountingFilter, Scheme};
use crate::measure::config::{MeasureConfig, MeasureError};
use crate::measure::interval::rate_interval;
use crate::measure::keys::KeySpace;
use crate::measure::model::{model_blocked_rate, model_true_rate};
use crate::rates::budget::Budget;

/// Keys between two looks at the cancel flag and two progress events.
pub const CHUNK: u64 = 1 << 16;

/// Measures every structure of [`Structure::ALL`] for `cfg`; see
/// [`measure_lineup_of`].
pub fn measure_lineup(
    cfg: &LineupConfig,
    cancel: &AtomicBool,
    on_event: &mut dyn FnMut(LineupEvent),
) -> Result<Lineup, LineupError> {
    measure_lineup_of(cfg, &Structure::ALL, cancel, on_event)
}

/// Measures `structures` for `cfg`, telling `on_event` as it goes (each
/// result as soon as it is in). Stops with [`LineupError::Cancelled`]
/// within [`CHUNK`] keys of `cancel` being raised.
pub fn measure_lineup_of(
    cfg: &LineupConfig,
    structures: &[Structure],
    cancel: &AtomicBool,
    on_event: &mut dyn FnMut(LineupEvent),
) -> Result<Lineup, LineupError> {
    check(cfg)?;
    let sizes = sizes(cfg, cancel)?;
    on_event(LineupEvent::Sized(&sizes));
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let run = Run {
        cfg,
        sizes,
        keys: KeySpace::new(rng.random()),
        hash_seed: rng.random(),
        cancel,
    };
    let mut results = Vec::with_capacity(structures.len());
    for (index, &structure) in structures.iter().enumerate() {
        on_event(LineupEvent::Started {
            structure,
            index,
            of: structures.len(),
        });
        let result = run.one(structure, on_event)?;
        on_event(LineupEvent::Arrived(&result));
        results.push(result);
    }
    Ok(Lineup {
        n: cfg.n,
        p: cfg.target.value,
        floor_bits_per_key: cfg.floor_bits_per_key(),
        queries: cfg.queries,
        seed: cfg.seed,
        sizes,
        hash_wall: HashWall::at(cfg.n),
        structures: results,
    })
}

fn check(cfg: &LineupConfig) -> Result<(), LineupError> {
    let p = cfg.target.value;
    if cfg.n == 0 {
        return Err(LineupError::Input("n must be at least 1 key".into()));
    }
    if !(p > 0.0 && p < 1.0) {
        return Err(LineupError::Input(format!("p must lie in (0, 1), got {p}")));
    }
    if cfg.queries == 0 {
        return Err(LineupError::Input("queries must be at least 1".into()));
    }
    Ok(())
}

/// What every structure's measurement shares.
struct Run<'a> {
    cfg: &'a LineupConfig,
    sizes: Sizes,
    keys: KeySpace,
    hash_seed: u64,
    cancel: &'a AtomicBool,
}

/// The counts and timings of one structure, before its model and notes.
struct Counts {
    inserted: u64,
    refused: Option<String>,
    false_positives: u64,
    memory_bytes: u64,
    insert_ns: f64,
    query_ns: f64,
}

impl Run<'_> {
    fn one(
        &self,
        structure: Structure,
        on_event: &mut dyn FnMut(LineupEvent),
    ) -> Result<StructureResult, LineupError> {
        let (m, k, seed) = (self.sizes.bloom_m, self.sizes.bloom_k, self.hash_seed);
        let n = self.cfg.n;
        let independent = Scheme::Independent { seed };
        let (counts, model, params) = match structure {
            Structure::Bloom => {
                let mut f = BloomFilter::new(m, k, independent).map_err(build)?;
                let counts = self.stream(structure, &mut f, on_event)?;
                let model = self.true_rate(m, counts.inserted, k)?;
                (counts, model, format!("m = {m} bits, k = {k}"))
            }
            Structure::BlockedBloom => {
                let mut f = BloomFilter::new(m, k, Scheme::Blocked { seed }).map_err(build)?;
                let counts = self.stream(structure, &mut f, on_event)?;
                let model = self.blocked_rate(m, counts.inserted, k)?;
                let blocks = BlockLayout::of(m).blocks();
                (
                    counts,
                    model,
                    format!("m = {m} bits in {blocks} blocks, k = {k}"),
                )
            }
            Structure::Fastbloom => {
                let mut f = FastBloom::new(m, k, seed);
                let counts = self.stream(structure, &mut f, on_event)?;
                let model = self.true_rate(f.m(), counts.inserted, k)?;
                (counts, model, format!("m = {} bits, k = {k}", f.m()))
            }
            Structure::CountingBloom => {
                let mut f = CountingFilter::new(m, k, independent).map_err(build)?;
                let counts = self.stream(structure, &mut f, on_event)?;
                let model = self.true_rate(m, counts.inserted, k)?;
                (counts, model, format!("{m} 4-bit counters, k = {k}"))
            }
            Structure::Cuckoo => {
                let bits = self.sizes.cuckoo_bits;
                let mut f = CuckooFilter::for_keys(n, bits, seed).map_err(build)?;
                let counts = self.stream(structure, &mut f, on_event)?;
                let params = format!(
                    "f = {bits} bits, {} buckets of 4, {:.1}% full",
                    f.buckets(),
                    100.0 * f.load()
                );
                (counts, Some(self.walled(f.model_rate())), params)
            }
            Structure::Quotient => {
                let mut f = Quotient::new(n, self.cfg.target.value, seed).map_err(build)?;
                let counts = self.stream(structure, &mut f, on_event)?;
                let params = format!(
                    "2^{} slots, {}-bit remainders, {:.1}% full",
                    f.slots().trailing_zeros(),
                    f.remainder_bits(),
                    100.0 * counts.inserted as f64 / f.slots() as f64
                );
                (counts, Some(self.walled(f.model_rate())), params)
            }
            Structure::Xor8 => self.fixed(structure, FixedKind::Xor8, on_event)?,
            Structure::Xor16 => self.fixed(structure, FixedKind::Xor16, on_event)?,
            Structure::BinaryFuse8 => self.fixed(structure, FixedKind::BinaryFuse8, on_event)?,
            Structure::BinaryFuse16 => self.fixed(structure, FixedKind::BinaryFuse16, on_event)?,
        };
        Ok(self.result(structure, counts, model, params))
    }

    fn result(
        &self,
        structure: Structure,
        counts: Counts,
        fp_model: Option<f64>,
        params: String,
    ) -> StructureResult {
        let n = self.cfg.n;
        let queries = self.cfg.queries;
        let (interval, _) = rate_interval(counts.false_positives, queries, 1, None);
        let bits_per_key = 8.0 * counts.memory_bytes as f64 / n as f64;
        let mut result = StructureResult {
            structure,
            params,
            memory_bytes: counts.memory_bytes,
            bits_per_key,
            floor_ratio: bits_per_key / self.cfg.floor_bits_per_key(),
            inserted: counts.inserted,
            refused: counts.refused,
            false_positives: counts.false_positives,
            queries,
            rate: counts.false_positives as f64 / queries as f64,
            interval,
            fp_model,
            model_inside: fp_model.map(|r| interval.contains(r)),
            notes: Vec::new(),
            insert_ns: counts.insert_ns,
            query_ns: counts.query_ns,
        };
        result.notes = notes::notes(&result, self.cfg, &self.sizes, self.cancel);
        result
    }

    /// Inserts the n keys into `filter` and queries the strangers.
    fn stream<F: Membership>(
        &self,
        structure: Structure,
        filter: &mut F,
        on_event: &mut dyn FnMut(LineupEvent),
    ) -> Result<Counts, LineupError> {
        let (n, queries) = (self.cfg.n, self.cfg.queries);
        let total = n + queries;
        let mut inserted = 0;
        let mut refused = None;
        let start = Instant::now();
        'keys: for chunk in (0..n).step_by(CHUNK as usize) {
            self.checkpoint(structure, chunk, total, on_event)?;
            for i in chunk..n.min(chunk + CHUNK) {
                match filter.insert(&self.keys.inserted(i)) {
                    Ok(()) => inserted += 1,
                    Err(reason) => {
                        refused = Some(reason);
                        break 'keys;
                    }
                }
            }
        }
        let insert_ns = per_key(start, inserted.max(1));
        let (false_positives, query_ns) =
            self.query(structure, |key| filter.contains(key), on_event)?;
        Ok(Counts {
            inserted,
            refused,
            false_positives,
            memory_bytes: filter.memory_bytes(),
            insert_ns,
            query_ns,
        })
    }

    /// Hashes the n keys, builds a static filter from them, and queries.
    fn fixed(
        &self,
        structure: Structure,
        kind: FixedKind,
        on_event: &mut dyn FnMut(LineupEvent),
    ) -> Result<(Counts, Option<f64>, String), LineupError> {
        let n = self.cfg.n;
        let total = n + self.cfg.queries;
        let start = Instant::now();
        let mut hashes = Vec::new();
        hashes
            .try_reserve_exact(n as usize)
            .map_err(|_| build(format!("cannot allocate {n} key hashes")))?;
        for chunk in (0..n).step_by(CHUNK as usize) {
            self.checkpoint(structure, chunk, total, on_event)?;
            hashes.extend(
                (chunk..n.min(chunk + CHUNK))
                    .map(|i| key_hash(self.hash_seed, &self.keys.inserted(i))),
            );
        }
        let filter = FixedSetFilter::from_hashes(kind, &mut hashes).map_err(build)?;
        let insert_ns = per_key(start, n);
        drop(hashes);
        let seed = self.hash_seed;
        let (false_positives, query_ns) =
            self.query(structure, |key| filter.contains(seed, key), on_event)?;
        let memory_bytes = filter.memory_bytes();
        let entries = memory_bytes * 8 / u64::from(kind.entry_bits());
        let counts = Counts {
            inserted: n,
            refused: None,
            false_positives,
            memory_bytes,
            insert_ns,
            query_ns,
        };
        let params = format!("{entries} entries of {} bits", kind.entry_bits());
        Ok((counts, Some(self.walled(kind.model_rate())), params))
    }

    /// Queries the strangers with `contains`: the "maybe" count and the
    /// nanoseconds per query.
    fn query(
        &self,
        structure: Structure,
        contains: impl Fn(&[u8]) -> bool,
        on_event: &mut dyn FnMut(LineupEvent),
    ) -> Result<(u64, f64), LineupError> {
        let (n, queries) = (self.cfg.n, self.cfg.queries);
        let mut maybes = 0u64;
        let start = Instant::now();
        for chunk in (0..queries).step_by(CHUNK as usize) {
            self.checkpoint(structure, n + chunk, n + queries, on_event)?;
            for j in chunk..queries.min(chunk + CHUNK) {
                maybes += u64::from(contains(&self.keys.queried(j)));
            }
        }
        Ok((maybes, per_key(start, queries)))
    }

    /// Stops if cancelled, else reports the keys done.
    fn checkpoint(
        &self,
        structure: Structure,
        done: u64,
        total: u64,
        on_event: &mut dyn FnMut(LineupEvent),
    ) -> Result<(), LineupError> {
        if self.cancel.load(Ordering::Relaxed) {
            return Err(LineupError::Cancelled);
        }
        on_event(LineupEvent::Keys {
            structure,
            done,
            total,
        });
        Ok(())
    }

    /// The true rate of a classic filter at m, n, k (certified, 10 digits).
    fn true_rate(&self, m: u64, n: u64, k: u32) -> Result<Option<f64>, LineupError> {
        let cfg = self.shape(m, n, k);
        model_true_rate(&cfg, 10, Budget::default(), self.cancel)
            .map(|r| r.map(|d| d.to_f64()))
            .map_err(measure_error)
    }

    /// The blocked filter's exact rate at m, n, k (certified, 10 digits),
    /// with the 64-bit hash wall added.
    fn blocked_rate(&self, m: u64, n: u64, k: u32) -> Result<Option<f64>, LineupError> {
        let cfg = self.shape(m, n, k);
        model_blocked_rate(&cfg, 10, Budget::default(), self.cancel)
            .map(|r| r.map(|d| self.walled(d.to_f64())))
            .map_err(measure_error)
    }

    fn shape(&self, m: u64, n: u64, k: u32) -> MeasureConfig {
        MeasureConfig {
            m,
            n,
            k,
            queries: self.cfg.queries,
            filters: 1,
            seed: self.cfg.seed,
            scheme: crate::filter::SchemeKind::Independent,
        }
    }

    /// A model rate of a filter built on one 64-bit key hash, with the
    /// chance that a stranger's hash meets an inserted key's added.
    fn walled(&self, rate: f64) -> f64 {
        let wall = HashWall::at(self.cfg.n).added_rate;
        wall + (1.0 - wall) * rate
    }
}

fn per_key(start: Instant, keys: u64) -> f64 {
    start.elapsed().as_nanos() as f64 / keys.max(1) as f64
}

fn build(reason: impl std::fmt::Display) -> LineupError {
    LineupError::Build(reason.to_string())
}

fn measure_error(e: MeasureError) -> LineupError {
    match e {
        MeasureError::Cancelled => LineupError::Cancelled,
        other => LineupError::Build(other.to_string()),
    }
}
