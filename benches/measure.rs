//! How fast the measurement and its filter are.
//!
//! - `measure_1m_queries`: a million false-positive queries, for the three
//!   probe schemes, on one filter and spread over a thousand filters.
//! - `filter_vs_fastbloom`: nanoseconds per insert and per query of the
//!   independent scheme's filter beside the `fastbloom` crate's, at 10 bits
//!   per key and k = 7, for 10^4, 10^6 and 10^8 keys (12 KiB, 1.2 MiB and
//!   119 MiB of bits). Every operation takes a key not used just before, so
//!   the large filters are read from memory, not from cache.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bloomlab::filter::independent::splitmix64;
use bloomlab::filter::{BloomFilter, Scheme};
use bloomlab::measure::{MeasureConfig, SchemeKind, measure};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

fn million_queries(c: &mut Criterion) {
    let mut group = c.benchmark_group("measure_1m_queries");
    group.sample_size(20);
    for scheme in SchemeKind::ALL {
        // One filter of the lab's default size, and the same million
        // queries spread over a thousand filters.
        for (queries, filters) in [(1_000_000, 1), (1_000, 1_000)] {
            let cfg = MeasureConfig {
                m: 160,
                n: 16,
                k: 7,
                queries,
                filters,
                seed: 1,
                scheme,
            };
            let id = format!("{}_{}x{}", scheme.name(), filters, queries);
            group.bench_function(id, |b| {
                b.iter(|| measure(black_box(&cfg), &AtomicBool::new(false)))
            });
        }
    }
    let big = MeasureConfig {
        m: 9_585_059,
        n: 1_000_000,
        k: 7,
        queries: 1_000_000,
        filters: 1,
        seed: 1,
        scheme: SchemeKind::Independent,
    };
    group.bench_function("independent_1m_keys_in_9.6m_bits", |b| {
        b.iter(|| measure(black_box(&big), &AtomicBool::new(false)))
    });
    group.finish();
}

/// Operations per timed batch.
const BATCH: u64 = 4096;
/// Probes per key in the comparison.
const K: u32 = 7;

/// The `i`-th key of the comparison, as a number (fastbloom hashes it) and
/// as its 8 bytes (our filter hashes those).
fn key(i: u64) -> u64 {
    splitmix64(i)
}

/// Keys `0..n` in both filters.
fn filled(n: u64) -> (BloomFilter, fastbloom::BloomFilter) {
    let bits = 10 * n;
    let mut ours = BloomFilter::new(bits, K, Scheme::Independent { seed: 1 }).expect("fits");
    let mut theirs = fastbloom::BloomFilter::with_num_bits(bits as usize)
        .seed(&1)
        .hashes(K);
    for i in 0..n {
        ours.insert_counting_new_bits(&key(i).to_le_bytes());
        theirs.insert(&key(i));
    }
    (ours, theirs)
}

/// A key index walk that visits `0..n` in a scattered order.
fn member(step: u64, n: u64) -> u64 {
    step.wrapping_mul(0x9E37_79B9_7F4A_7C15) % n
}

fn against_fastbloom(c: &mut Criterion) {
    let mut group = c.benchmark_group("filter_vs_fastbloom");
    group.throughput(Throughput::Elements(BATCH));
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    for (label, n) in [
        ("12KiB", 10_000u64),
        ("1.2MiB", 1_000_000),
        ("119MiB", 100_000_000),
    ] {
        let (mut ours, mut theirs) = filled(n);
        // Strangers come from far above the inserted keys.
        let mut stranger = n << 8;
        let mut step = 0u64;
        group.bench_function(BenchmarkId::new("bloomlab_query_stranger", label), |b| {
            b.iter(|| {
                let mut maybes = 0u32;
                for _ in 0..BATCH {
                    stranger += 1;
                    maybes += u32::from(ours.contains(&key(stranger).to_le_bytes()));
                }
                maybes
            })
        });
        group.bench_function(BenchmarkId::new("fastbloom_query_stranger", label), |b| {
            b.iter(|| {
                let mut maybes = 0u32;
                for _ in 0..BATCH {
                    stranger += 1;
                    maybes += u32::from(theirs.contains(&key(stranger)));
                }
                maybes
            })
        });
        group.bench_function(BenchmarkId::new("bloomlab_query_member", label), |b| {
            b.iter(|| {
                let mut maybes = 0u32;
                for _ in 0..BATCH {
                    step += 1;
                    maybes += u32::from(ours.contains(&key(member(step, n)).to_le_bytes()));
                }
                maybes
            })
        });
        group.bench_function(BenchmarkId::new("fastbloom_query_member", label), |b| {
            b.iter(|| {
                let mut maybes = 0u32;
                for _ in 0..BATCH {
                    step += 1;
                    maybes += u32::from(theirs.contains(&key(member(step, n))));
                }
                maybes
            })
        });
        group.bench_function(BenchmarkId::new("bloomlab_insert", label), |b| {
            b.iter(|| {
                for _ in 0..BATCH {
                    stranger += 1;
                    ours.insert_counting_new_bits(&key(stranger).to_le_bytes());
                }
            })
        });
        group.bench_function(BenchmarkId::new("fastbloom_insert", label), |b| {
            b.iter(|| {
                for _ in 0..BATCH {
                    stranger += 1;
                    theirs.insert(&key(stranger));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, million_queries, against_fastbloom);
criterion_main!(benches);
