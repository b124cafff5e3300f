//! Property tests of every structure `compare` measures: nothing inserted
//! is ever answered "no", deletes remove only what they should, and a full
//! cuckoo table refuses instead of losing a key or looping.

use bloomlab::filter::cuckoo::{CuckooFilter, WIDTHS};
use bloomlab::filter::fixed_set::{FixedKind, FixedSetFilter};
use bloomlab::filter::membership::{FastBloom, Membership, Quotient};
use bloomlab::filter::{BloomFilter, CountingFilter, Scheme};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Distinct keys of 0 to 24 bytes.
fn keys() -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::collection::btree_set(prop::collection::vec(any::<u8>(), 0..24), 1..300)
        .prop_map(|set| set.into_iter().collect())
}

/// Every filter filled key by key, sized for `n` keys.
fn stream_filters(n: u64, seed: u64, m: u64, k: u32, width: usize) -> Vec<Box<dyn Membership>> {
    vec![
        Box::new(BloomFilter::new(m, k, Scheme::Independent { seed }).unwrap()),
        Box::new(BloomFilter::new(m, k, Scheme::Blocked { seed }).unwrap()),
        Box::new(FastBloom::new(m, k, seed)),
        Box::new(CountingFilter::new(m, k, Scheme::Independent { seed }).unwrap()),
        // A tiny table at its target load can fill up by chance; how a
        // full table behaves is the last test's business.
        Box::new(CuckooFilter::for_keys(2 * n, WIDTHS[width], seed).unwrap()),
        Box::new(Quotient::new(n, 0.01, seed).unwrap()),
    ]
}

proptest! {
    // A fixed seed: every run tries the same cases, so a test never
    // passes or fails by chance.
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: RngSeed::Fixed(0x5eed_0001), ..ProptestConfig::default() })]

    #[test]
    fn no_structure_forgets_a_key(keys in keys(), seed in any::<u64>(), m in 1u64..20_000, k in 1u32..12, width in 0usize..3) {
        let n = keys.len() as u64;
        for mut filter in stream_filters(n, seed, m, k, width) {
            for key in &keys {
                prop_assert!(filter.insert(key).is_ok());
            }
            prop_assert!(keys.iter().all(|key| filter.contains(key)));
            prop_assert!(filter.memory_bytes() > 0);
        }
        for kind in FixedKind::ALL {
            let fixed = FixedSetFilter::build(kind, keys.iter().map(Vec::as_slice), seed)
                .map_err(TestCaseError::fail)?;
            prop_assert!(keys.iter().all(|key| fixed.contains(seed, key)), "{:?}", kind);
        }
    }

    #[test]
    fn deletes_keep_every_other_key(keys in keys(), seed in any::<u64>(), gone in prop::collection::vec(any::<bool>(), 300), width in 0usize..3) {
        let n = keys.len() as u64;
        let deleting: Vec<Box<dyn Membership>> = vec![
            Box::new(CountingFilter::new(20 * n, 7, Scheme::Independent { seed }).unwrap()),
            // Sized with room to spare, as below.
            Box::new(CuckooFilter::for_keys(2 * n, WIDTHS[width], seed).unwrap()),
            Box::new(Quotient::new(n, 0.01, seed).unwrap()),
        ];
        for mut filter in deleting {
            for key in &keys {
                prop_assert!(filter.insert(key).is_ok());
            }
            for (key, _) in keys.iter().zip(&gone).filter(|(_, g)| **g) {
                prop_assert_eq!(filter.delete(key), Some(true));
            }
            for (key, _) in keys.iter().zip(&gone).filter(|(_, g)| !**g) {
                prop_assert!(filter.contains(key));
            }
        }
    }

    #[test]
    fn a_key_inserted_twice_survives_one_delete(keys in keys(), seed in any::<u64>(), width in 0usize..3) {
        // Room to spare: a tiny table near its target load can be full
        // for a pair of copies, and fullness is not what this checks.
        let n = 2 * keys.len() as u64;
        let mut cuckoo = CuckooFilter::for_keys(2 * n, WIDTHS[width], seed).unwrap();
        let mut quotient = Quotient::new(n, 0.01, seed).unwrap();
        for filter in [&mut cuckoo as &mut dyn Membership, &mut quotient] {
            for key in keys.iter().chain(&keys) {
                prop_assert!(filter.insert(key).is_ok());
            }
            for key in &keys {
                prop_assert_eq!(filter.delete(key), Some(true));
            }
            prop_assert!(keys.iter().all(|key| filter.contains(key)));
        }
    }

    #[test]
    fn a_full_cuckoo_table_refuses_and_forgets_nothing(keys in keys(), seed in any::<u64>(), buckets in 1u64..6, width in 0usize..3) {
        let mut filter = CuckooFilter::with_buckets(buckets, WIDTHS[width], seed).unwrap();
        let mut held = Vec::new();
        let mut refused = false;
        for key in &keys {
            match filter.insert(key) {
                Ok(()) => {
                    prop_assert!(!refused, "an insert succeeded after a refusal");
                    held.push(key);
                }
                Err(_) => refused = true,
            }
        }
        // Four slots a bucket and one stash entry: no more can be held.
        prop_assert!(held.len() as u64 <= 4 * buckets + 1);
        prop_assert_eq!(refused, keys.len() > held.len());
        prop_assert!(held.iter().all(|key| filter.contains(key)));
    }
}
