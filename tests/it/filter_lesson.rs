//! The lesson's filter and the guarantees of every scheme, through the
//! public API: the worked examples of lab.md, the reports, unions and the
//! quiet inserts the measurement uses.

use bloomlab::filter::{Answer, BloomFilter, FilterError, MAX_HASHES, Scheme};

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
fn every_operation_uses_the_schemes_own_positions() {
    for scheme in [
        Scheme::Double,
        Scheme::Enhanced,
        Scheme::Independent { seed: 11 },
    ] {
        let mut f = BloomFilter::new(997, 9, scheme).unwrap();
        for n in 0..50 {
            let key = format!("key-{n}");
            let expected: Vec<u64> = scheme.probes(key.as_bytes(), 997, 9).collect();
            assert_eq!(f.positions(key.as_bytes()), expected);
            assert_eq!(f.insert(key.as_bytes()).positions, expected);
        }
        f.reset_with_scheme(Scheme::Independent { seed: 12 });
        let expected: Vec<u64> = Scheme::Independent { seed: 12 }
            .probes(b"x", 997, 9)
            .collect();
        assert_eq!(f.positions(b"x"), expected);
    }
}

#[test]
fn a_union_holds_the_keys_of_both_filters() {
    let mut a = BloomFilter::new(500, 4, Scheme::Independent { seed: 3 }).unwrap();
    let mut b = a.empty_like().unwrap();
    a.insert(b"left");
    b.insert(b"right");
    a.union_with(&b).unwrap();
    assert!(a.contains(b"left") && a.contains(b"right"));
    let other = BloomFilter::new(500, 5, Scheme::Independent { seed: 3 }).unwrap();
    assert_eq!(a.union_with(&other), Err(FilterError::Incompatible));
}

#[test]
fn no_false_negatives() {
    for scheme in [
        Scheme::Double,
        Scheme::Enhanced,
        Scheme::Independent { seed: 11 },
    ] {
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
    f.add(b"rec-11");
    assert_eq!(f.positions(b"rec-11"), [4, 3, 2]);
    assert_eq!(f.count_ones(), 3);
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
