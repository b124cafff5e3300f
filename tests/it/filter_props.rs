//! Property tests of the real filters against plain models: a set of bit
//! positions for the Bloom filter, a multiset of present keys for the
//! counting filter, and the lesson's hash written out again from its spec.

use std::collections::{BTreeSet, HashMap};

use bloomlab::filter::{
    Answer, BloomFilter, CountingFilter, DeleteError, LessonHash, Scheme, SchemeKind,
};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

fn scheme() -> impl Strategy<Value = Scheme> {
    prop_oneof![
        Just(Scheme::Double),
        Just(Scheme::Enhanced),
        any::<u64>().prop_map(|seed| Scheme::Independent { seed }),
        any::<u64>().prop_map(|seed| Scheme::Blocked { seed })
    ]
}

/// Filter sizes spread over many magnitudes: tiny filters where every probe
/// collides, odd sizes where double hashing can collapse, and sizes up to
/// 2^22 bits (512 KiB, still cheap to allocate per case).
fn bits() -> impl Strategy<Value = u64> {
    prop_oneof![
        1u64..=70,
        70u64..=5000,
        (0u32..=22).prop_flat_map(|e| (1u64 << e)..=(1u64 << e) + 3)
    ]
}

fn keys(max: usize) -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::collection::vec(prop::collection::vec(any::<u8>(), 0..24), 0..max)
}

/// The lesson's hash as lab.md writes it, in u128 so no step can overflow.
fn lesson_positions(key: &[u8], m: u64, k: u32) -> Vec<u64> {
    let mut h: u32 = 0x811C_9DC5;
    for &b in key {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    let h1 = h ^ (h >> 16);
    let g = h.wrapping_mul(0x9E37_79B1);
    let h2 = (g ^ (g >> 16)) | 1;
    (0..k)
        .map(|i| ((u128::from(h1) + u128::from(i) * u128::from(h2)) % u128::from(m)) as u64)
        .collect()
}

/// Enhanced double hashing as lab.md writes it, `h1 + i*h2 + (i^3 - i)/6`,
/// on the lesson's two hashes, in u128.
fn enhanced_positions(key: &[u8], m: u64, k: u32) -> Vec<u64> {
    let h = LessonHash::of(key);
    (0..k)
        .map(|i| {
            let i = u128::from(i);
            let raw = u128::from(h.h1) + i * u128::from(h.h2) + (i * i * i - i) / 6;
            (raw % u128::from(m)) as u64
        })
        .collect()
}

fn positions_of(scheme: Scheme, key: &[u8], m: u64, k: u32) -> Vec<u64> {
    let mut out = Vec::new();
    scheme.positions(key, m, k, &mut out);
    out
}

proptest! {
    // A fixed seed: every run tries the same cases, so a test never
    // passes or fails by chance.
    #![proptest_config(ProptestConfig { cases: 160, rng_seed: RngSeed::Fixed(0x5eed_0002), ..ProptestConfig::default() })]

    /// No false negatives: every inserted key is found, and the filter holds
    /// exactly the union of the inserted keys' positions, no more, no less.
    #[test]
    fn no_false_negatives(m in bits(), k in 1u32..=40, scheme in scheme(), keys in keys(60)) {
        let mut filter = BloomFilter::new(m, k, scheme).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut model = BTreeSet::new();
        for key in &keys {
            let report = filter.insert(key);
            prop_assert_eq!(&report.positions, &positions_of(scheme, key, m, k));
            for &p in &report.newly_set {
                prop_assert!(model.insert(p), "position {} reported newly set twice", p);
            }
            model.extend(report.positions.iter().copied());
            for key in keys.iter().take_while(|&k| !std::ptr::eq(k, key)) {
                prop_assert!(filter.contains(key));
            }
        }
        prop_assert_eq!(filter.count_ones(), model.len() as u64);
        for &p in &model {
            prop_assert!(filter.is_set(p));
        }
        for key in &keys {
            prop_assert!(filter.contains(key), "inserted key {:?} not found", key);
            let q = filter.query(key);
            prop_assert_eq!(q.answer(), Answer::Maybe);
            prop_assert_eq!(q.read.len(), k as usize);
        }
    }

    /// A query answers no exactly when the model says some position is 0,
    /// and it stops at the first such probe.
    #[test]
    fn query_agrees_with_model(m in bits(), k in 1u32..=20, scheme in scheme(), inserted in keys(30), asked in keys(30)) {
        let mut filter = BloomFilter::new(m, k, scheme).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut model = BTreeSet::new();
        for key in &inserted {
            filter.insert(key);
            model.extend(positions_of(scheme, key, m, k));
        }
        for key in &asked {
            let pos = positions_of(scheme, key, m, k);
            let first_zero = pos.iter().position(|p| !model.contains(p));
            let q = filter.query(key);
            prop_assert_eq!(q.stopped_at, first_zero);
            prop_assert_eq!(filter.contains(key), first_zero.is_none());
            prop_assert_eq!(q.read.len(), first_zero.map_or(k as usize, |i| i + 1));
        }
    }

    /// The double scheme's stepping walk equals the formula of lab.md for
    /// any m up to 2^63, where a naive u64 `h1 + i*h2` would still be fine
    /// but a mistaken reduction would not.
    #[test]
    fn double_scheme_matches_lab_formula(key in prop::collection::vec(any::<u8>(), 0..40), m in prop_oneof![1u64..=100_000, any::<u64>().prop_map(|x| (x >> 1).max(1))], k in 1u32..=64) {
        prop_assert_eq!(positions_of(Scheme::Double, &key, m, k), lesson_positions(&key, m, k));
    }

    /// The enhanced scheme's incremental walk equals the closed formula.
    #[test]
    fn enhanced_scheme_matches_lab_formula(key in prop::collection::vec(any::<u8>(), 0..40), m in prop_oneof![1u64..=100_000, any::<u64>().prop_map(|x| (x >> 1).max(1))], k in 1u32..=64) {
        let walked = positions_of(Scheme::Enhanced, &key, m, k);
        prop_assert_eq!(&walked, &enhanced_positions(&key, m, k));
        prop_assert_eq!(walked, positions_of(Scheme::Enhanced, &key, m, k));
    }

    /// A filter's own probe walk (with the independent scheme's seeds worked
    /// out once per filter) lands on exactly the scheme's positions, for
    /// every kind, so inserts, queries and reports agree with `positions`.
    #[test]
    fn filters_probe_the_schemes_positions(key in prop::collection::vec(any::<u8>(), 0..40), m in 1u64..=1_000_000, k in 1u32..=40, seed in any::<u64>(), which in 0usize..4) {
        let scheme = SchemeKind::ALL[which].with_seed(seed);
        let mut filter = BloomFilter::new(m, k, scheme).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let expected = positions_of(scheme, &key, m, k);
        prop_assert_eq!(filter.positions(&key), expected.clone());
        prop_assert_eq!(filter.query(&key).positions, expected.clone());
        prop_assert!(!filter.contains(&key) || expected.iter().all(|&p| filter.is_set(p)));
        prop_assert_eq!(filter.insert(&key).positions, expected.clone());
        prop_assert!(expected.iter().all(|&p| p < m && filter.is_set(p)));
        prop_assert!(filter.contains(&key));
        // The quiet insert the measurement uses sets exactly those bits.
        let mut quiet = BloomFilter::new(m, k, scheme).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let fresh = quiet.insert_counting_new_bits(&key);
        prop_assert_eq!(u64::from(fresh), quiet.count_ones());
        prop_assert_eq!(&quiet, &filter);
        let mut silent = BloomFilter::new(m, k, scheme).map_err(|e| TestCaseError::fail(e.to_string()))?;
        silent.add(&key);
        prop_assert_eq!(&silent, &filter);
    }

    /// The independent scheme is deterministic for a seed and in range.
    #[test]
    fn independent_scheme_is_stable(key in prop::collection::vec(any::<u8>(), 0..40), m in 1u64..=u64::MAX, k in 1u32..=64, seed in any::<u64>()) {
        let s = Scheme::Independent { seed };
        let a = positions_of(s, &key, m, k);
        prop_assert_eq!(a.len(), k as usize);
        prop_assert!(a.iter().all(|&p| p < m));
        prop_assert_eq!(a, positions_of(s, &key, m, k));
    }

    /// The counting filter never loses a present key through deletes of
    /// other present keys, even with saturated counters (small m, many
    /// keys, repeated inserts, double hashing that collapses probes).
    /// Every delete of a present key must be accepted.
    #[test]
    fn counting_keeps_present_keys(
        m in 1u64..=48,
        k in 1u32..=24,
        scheme in scheme(),
        distinct in prop::collection::btree_set(prop::collection::vec(any::<u8>(), 0..10), 1..30),
        ops in prop::collection::vec((any::<prop::sample::Index>(), any::<bool>()), 0..120),
    ) {
        let keys: Vec<Vec<u8>> = distinct.into_iter().collect();
        let mut filter = CountingFilter::new(m, k, scheme).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut present: HashMap<usize, u32> = HashMap::new();
        for (index, insert) in ops {
            let i = index.index(keys.len());
            let count = present.get(&i).copied().unwrap_or(0);
            if insert || count == 0 {
                filter.insert(&keys[i]);
                *present.entry(i).or_insert(0) += 1;
            } else {
                let deleted = filter.delete(&keys[i]);
                prop_assert!(deleted.is_ok(), "delete of present key {:?} refused: {:?}", keys[i], deleted);
                present.insert(i, count - 1);
            }
            for (&j, &c) in &present {
                if c > 0 {
                    prop_assert!(filter.contains(&keys[j]), "present key {:?} lost", keys[j]);
                    prop_assert_eq!(filter.query(&keys[j]).answer(), Answer::Maybe);
                }
            }
        }
    }

    #[test]
    fn query_reports_are_consistent(
        m in 1u64..300,
        k in 1u32..10,
        scheme in scheme(),
        inserted in prop::collection::vec(any::<u32>(), 0..30),
        probe in any::<u32>(),
    ) {
        let mut filter = BloomFilter::new(m, k, scheme).unwrap();
        for key in &inserted {
            filter.insert(&key.to_le_bytes());
        }
        let key = probe.to_le_bytes();
        let report = filter.query(&key);
        prop_assert_eq!(&report.positions, &filter.positions(&key));
        match report.stopped_at {
            Some(i) => {
                prop_assert_eq!(report.read.len(), i + 1);
                prop_assert!(!report.read[i]);
                prop_assert!(report.read[..i].iter().all(|&b| b));
            }
            None => {
                prop_assert_eq!(report.read.len(), k as usize);
                prop_assert!(report.read.iter().all(|&b| b));
            }
        }
        prop_assert_eq!(filter.contains(&key), report.answer() == Answer::Maybe);
        let all = filter.read_all_probes(&key);
        prop_assert_eq!(all.all_answer(), report.answer());
    }

    #[test]
    fn refused_deletes_change_nothing(
        m in 1u64..100,
        k in 1u32..6,
        keys in prop::collection::vec(any::<u16>(), 0..10),
        stranger in any::<u16>(),
    ) {
        let mut filter = CountingFilter::new(m, k, Scheme::Double).unwrap();
        for key in &keys {
            filter.insert(&key.to_le_bytes());
        }
        let before = filter.clone();
        match filter.delete(&(u32::from(stranger) + 70_000).to_le_bytes()) {
            Err(DeleteError::ZeroCounter { .. } | DeleteError::CounterBelowProbes { .. }) => {
                prop_assert_eq!(filter, before);
            }
            Ok(_) => {}
        }
    }

    /// Constructors refuse out-of-range shapes with an error, never a panic.
    #[test]
    fn constructors_never_panic(m in prop_oneof![Just(0u64), Just(u64::MAX), Just((1u64 << 32) + 1), 1u64..=64], k in prop_oneof![Just(0u32), Just(u32::MAX), Just(1001u32), 1u32..=8]) {
        let valid_m = (1..=(1u64 << 32)).contains(&m);
        let valid_k = (1..=1000).contains(&k);
        prop_assert_eq!(BloomFilter::new(m, k, Scheme::Double).is_ok(), valid_m && valid_k);
        prop_assert_eq!(CountingFilter::new(m, k, Scheme::Double).is_ok(), valid_m && valid_k);
    }
}

/// lab.md's worked examples, so the spec-written reference above is itself
/// checked against the document.
#[test]
fn lesson_reference_reproduces_lab_examples() {
    assert_eq!(lesson_positions(b"rec-11", 16, 3), vec![4, 3, 2]);
    assert_eq!(
        positions_of(Scheme::Double, b"rec-11", 16, 3),
        vec![4, 3, 2]
    );
    let mut f = BloomFilter::new(16, 3, Scheme::Double).unwrap();
    for key in ["rec-11", "rec-42", "rec-97"] {
        f.insert(key.as_bytes());
    }
    let answers: Vec<bool> = ["rec-42", "rec-6", "rec-67"]
        .iter()
        .map(|q| f.contains(q.as_bytes()))
        .collect();
    assert_eq!(answers, vec![true, false, true]);
}
