//! Nanoseconds per insert and per query of every structure `compare`
//! measures, bloomlab's own beside the crates': the classic, blocked and
//! counting Bloom filters and the cuckoo filter (bloomlab), fastbloom,
//! qfilter's quotient filter, and xorf's xor and binary fuse filters.
//!
//! Each structure is sized as `compare` sizes it for N = 10^5 keys at 1%
//! (about 120 KB for a Bloom filter: in cache, so this is the code's speed,
//! not the memory's). `insert` builds an empty structure and fills it with
//! the N keys (a static filter: hashes them and builds); `query` asks a
//! filled one about keys never inserted, a fresh key each time.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bloomlab::filter::cuckoo::CuckooFilter;
use bloomlab::filter::fixed_set::{FixedKind, FixedSetFilter};
use bloomlab::filter::independent::splitmix64;
use bloomlab::filter::membership::{FastBloom, Membership, Quotient};
use bloomlab::filter::{BloomFilter, CountingFilter, Scheme};
use bloomlab::measure::lineup::{LineupConfig, Sizes, Structure, sizes};
use bloomlab::rates::size_inputs::read_target;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Keys per structure.
const N: u64 = 100_000;
/// Queries per timed batch.
const BATCH: u64 = 4096;
/// The hash seed.
const SEED: u64 = 7;

fn inserted(i: u64) -> [u8; 8] {
    splitmix64(i << 1).to_le_bytes()
}

fn stranger(j: u64) -> [u8; 8] {
    splitmix64((j << 1) | 1).to_le_bytes()
}

fn the_sizes() -> Sizes {
    let cfg = LineupConfig {
        n: N,
        target: read_target("0.01").unwrap_or_else(|e| panic!("{e}")),
        queries: 1,
        seed: SEED,
    };
    sizes(&cfg, &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{e}"))
}

/// An empty structure filled key by key, or `None` for a static one.
fn empty(structure: Structure, s: &Sizes) -> Option<Box<dyn Membership>> {
    let (m, k) = (s.bloom_m, s.bloom_k);
    let independent = Scheme::Independent { seed: SEED };
    let built: Box<dyn Membership> = match structure {
        Structure::Bloom => Box::new(BloomFilter::new(m, k, independent).ok()?),
        Structure::BlockedBloom => {
            Box::new(BloomFilter::new(m, k, Scheme::Blocked { seed: SEED }).ok()?)
        }
        Structure::Fastbloom => Box::new(FastBloom::new(m, k, SEED)),
        Structure::CountingBloom => Box::new(CountingFilter::new(m, k, independent).ok()?),
        Structure::Cuckoo => Box::new(CuckooFilter::for_keys(N, s.cuckoo_bits, SEED).ok()?),
        Structure::Quotient => Box::new(Quotient::new(N, 0.01, SEED).ok()?),
        _ => return None,
    };
    Some(built)
}

fn fixed_kind(structure: Structure) -> FixedKind {
    match structure {
        Structure::Xor8 => FixedKind::Xor8,
        Structure::Xor16 => FixedKind::Xor16,
        Structure::BinaryFuse8 => FixedKind::BinaryFuse8,
        _ => FixedKind::BinaryFuse16,
    }
}

fn build_fixed(structure: Structure) -> FixedSetFilter {
    let keys: Vec<[u8; 8]> = (0..N).map(inserted).collect();
    FixedSetFilter::build(fixed_kind(structure), keys.iter().map(|k| &k[..]), SEED)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn insert(c: &mut Criterion) {
    let s = the_sizes();
    let mut group = c.benchmark_group("structures_insert");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(N));
    for structure in Structure::ALL {
        group.bench_function(BenchmarkId::from_parameter(structure.name()), |b| {
            b.iter(|| match empty(structure, &s) {
                Some(mut f) => {
                    for i in 0..N {
                        let _ = f.insert(&inserted(i));
                    }
                    black_box(f.memory_bytes())
                }
                None => black_box(build_fixed(structure).memory_bytes()),
            })
        });
    }
    group.finish();
}

fn query(c: &mut Criterion) {
    let s = the_sizes();
    let mut group = c.benchmark_group("structures_query");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(BATCH));
    for structure in Structure::ALL {
        let mut next = 0u64;
        match empty(structure, &s) {
            Some(mut f) => {
                for i in 0..N {
                    let _ = f.insert(&inserted(i));
                }
                group.bench_function(BenchmarkId::from_parameter(structure.name()), |b| {
                    b.iter(|| {
                        let mut maybes = 0u32;
                        for _ in 0..BATCH {
                            maybes += u32::from(f.contains(&stranger(next)));
                            next += 1;
                        }
                        black_box(maybes)
                    })
                });
            }
            None => {
                let f = build_fixed(structure);
                group.bench_function(BenchmarkId::from_parameter(structure.name()), |b| {
                    b.iter(|| {
                        let mut maybes = 0u32;
                        for _ in 0..BATCH {
                            maybes += u32::from(f.contains(SEED, &stranger(next)));
                            next += 1;
                        }
                        black_box(maybes)
                    })
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, insert, query);
criterion_main!(benches);
