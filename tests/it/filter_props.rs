//! Properties of the real filter that must hold for every input.

use std::collections::BTreeSet;

use bloomlab::filter::{Answer, BloomFilter, CountingFilter, DeleteError, Scheme};
use proptest::prelude::*;

fn scheme() -> impl Strategy<Value = Scheme> {
    prop_oneof![
        Just(Scheme::Double),
        Just(Scheme::Enhanced),
        any::<u64>().prop_map(|seed| Scheme::Independent { seed })
    ]
}

proptest! {
    #[test]
    fn inserted_keys_are_always_found(
        m in 1u64..2000,
        k in 1u32..12,
        scheme in scheme(),
        keys in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..12), 0..40),
    ) {
        let mut filter = BloomFilter::new(m, k, scheme).unwrap();
        let mut union = BTreeSet::new();
        for key in &keys {
            let report = filter.insert(key);
            prop_assert_eq!(report.positions.len(), k as usize);
            prop_assert!(report.positions.iter().all(|&p| p < m));
            prop_assert_eq!(report.newly_set.len() + report.already_set.len(), k as usize);
            union.extend(report.positions);
        }
        prop_assert_eq!(filter.count_ones(), union.len() as u64);
        for key in &keys {
            prop_assert!(filter.contains(key));
            prop_assert_eq!(filter.query(key).answer(), Answer::Maybe);
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
    fn counting_deletes_never_cause_false_negatives(
        m in 1u64..200,
        k in 1u32..6,
        keys in prop::collection::vec(any::<u16>(), 1..60),
        delete_mask in prop::collection::vec(any::<bool>(), 60),
    ) {
        let mut filter = CountingFilter::new(m, k, Scheme::Double).unwrap();
        for key in &keys {
            filter.insert(&key.to_le_bytes());
        }
        let mut kept = Vec::new();
        for (key, delete) in keys.iter().zip(&delete_mask) {
            if *delete {
                // A key that was inserted can always be deleted once per insert.
                prop_assert!(filter.delete(&key.to_le_bytes()).is_ok());
            } else {
                kept.push(*key);
            }
        }
        for key in kept {
            prop_assert!(filter.contains(&key.to_le_bytes()));
        }
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
}
