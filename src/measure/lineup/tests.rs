//! A small line-up, run once and read by every test: the guarantees of the
//! issue's "done when" list at 20,000 keys (the command's own test runs the
//! million).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use super::*;
use crate::rates::size_inputs::read_target;

fn config(n: u64, queries: u64, seed: u64) -> LineupConfig {
    LineupConfig {
        n,
        target: read_target("0.01").unwrap(),
        queries,
        seed,
    }
}

/// The line-up at 20,000 keys and 1%, with 400,000 queries, and the events
/// it sent.
fn small() -> &'static (Lineup, Vec<String>) {
    static RUN: OnceLock<(Lineup, Vec<String>)> = OnceLock::new();
    RUN.get_or_init(|| {
        let mut events = Vec::new();
        let lineup = measure_lineup(
            &config(20_000, 400_000, 3),
            &AtomicBool::new(false),
            &mut |e| {
                events.push(match e {
                    LineupEvent::Sized(_) => "sized".to_string(),
                    LineupEvent::Started { structure, .. } => format!("start {structure}"),
                    LineupEvent::Keys { .. } => "keys".to_string(),
                    LineupEvent::Arrived(r) => format!("arrived {}", r.name()),
                })
            },
        )
        .unwrap();
        (lineup, events)
    })
}

#[test]
fn every_structure_arrives_in_order_after_its_start() {
    let (lineup, events) = small();
    assert_eq!(events[0], "sized");
    let milestones: Vec<&String> = events.iter().filter(|e| *e != "keys").collect();
    let expected: Vec<String> = Structure::ALL
        .iter()
        .flat_map(|s| [format!("start {s}"), format!("arrived {s}")])
        .collect();
    assert_eq!(milestones[1..], expected.iter().collect::<Vec<_>>()[..]);
    assert!(events.iter().filter(|e| *e == "keys").count() >= 2 * Structure::ALL.len());
    assert_eq!(lineup.structures.len(), Structure::ALL.len());
}

#[test]
fn no_structure_beats_the_floor_and_bloom_sits_at_1_44() {
    let (lineup, _) = small();
    assert!((lineup.floor_bits_per_key - 6.6439).abs() < 1e-4);
    for r in &lineup.structures {
        assert!(
            r.bits_per_key >= lineup.floor_bits_per_key,
            "{}: {}",
            r.name(),
            r.bits_per_key
        );
        assert_eq!(r.inserted, 20_000, "{}", r.name());
        assert!(r.refused.is_none());
    }
    let bloom = lineup.get(Structure::Bloom).unwrap();
    assert!(
        (bloom.floor_ratio - 1.44).abs() < 0.02,
        "{}",
        bloom.floor_ratio
    );
}

#[test]
fn each_model_is_inside_its_interval_or_the_note_says_why() {
    let (lineup, _) = small();
    for r in &lineup.structures {
        let model = r
            .fp_model
            .unwrap_or_else(|| panic!("{} has a model", r.name()));
        let inside = r.interval.contains(model);
        assert_eq!(r.model_inside, Some(inside));
        assert!(inside || r.notes.iter().any(|n| n == OUTSIDE), "{r:?}");
    }
}

#[test]
fn blocking_costs_rate_at_the_same_bits_per_key() {
    let (lineup, _) = small();
    let bloom = lineup.get(Structure::Bloom).unwrap();
    let blocked = lineup.get(Structure::BlockedBloom).unwrap();
    assert_eq!(bloom.memory_bytes, blocked.memory_bytes);
    assert!(
        blocked.interval.low > bloom.interval.high,
        "{blocked:?} {bloom:?}"
    );
    assert!(blocked.fp_model.unwrap() > bloom.fp_model.unwrap());
}

#[test]
fn the_same_seed_gives_the_same_counts() {
    let (lineup, _) = small();
    let structures = [Structure::Cuckoo, Structure::Xor8, Structure::Quotient];
    let again = measure_lineup_of(
        &config(20_000, 400_000, 3),
        &structures,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    for r in &again.structures {
        let first = lineup.get(r.structure).unwrap();
        assert_eq!(
            (r.false_positives, r.memory_bytes, &r.params),
            (first.false_positives, first.memory_bytes, &first.params)
        );
    }
    let other = measure_lineup_of(
        &config(20_000, 400_000, 4),
        &structures,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    assert_ne!(
        other
            .structures
            .iter()
            .map(|r| r.false_positives)
            .collect::<Vec<_>>(),
        again
            .structures
            .iter()
            .map(|r| r.false_positives)
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_raised_flag_stops_the_line_up() {
    let flag = AtomicBool::new(false);
    let mut arrived = 0;
    let result = measure_lineup(&config(300_000, 300_000, 1), &flag, &mut |e| match e {
        LineupEvent::Arrived(_) => arrived += 1,
        LineupEvent::Keys { done, .. } if done > 0 => flag.store(true, Ordering::Relaxed),
        _ => {}
    });
    assert_eq!(result, Err(LineupError::Cancelled));
    assert_eq!(arrived, 0);
}

#[test]
fn bad_input_is_refused_before_anything_is_built() {
    let flag = AtomicBool::new(false);
    let mut cfg = config(0, 10, 1);
    assert!(matches!(
        measure_lineup(&cfg, &flag, &mut |_| {}),
        Err(LineupError::Input(_))
    ));
    cfg.n = 10;
    cfg.queries = 0;
    assert!(matches!(
        measure_lineup(&cfg, &flag, &mut |_| {}),
        Err(LineupError::Input(_))
    ));
}
