//! The lab's answer to one slider move: the time from the key to every
//! figure the lab shows (rates, best k, both charts' exact points and the
//! automatic measurement), computed one after another on one thread as
//! `bloomlab render` does. The app spreads them over its worker lanes, so
//! this is a ceiling on what a student waits for. Issue 22's target is
//! 50 ms at any setting.

use std::hint::black_box;
use std::time::Duration;

use bloomlab::rates::certified::forget_kept_enclosures;
use bloomlab::ui::{AppConfig, FrameConfig, Headless, Screen};
use criterion::{BatchSize, Criterion, SamplingMode, criterion_group, criterion_main};
use ratatui::crossterm::event::KeyCode;

/// The lab at m, n, k with every figure already computed.
fn lab(m: u64, n: u64, k: u32) -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Lab,
            m: Some(m),
            n: Some(n),
            k: Some(k),
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width: 200,
        height: 60,
        revealed: false,
    };
    match Headless::new(&frame) {
        Ok(app) => app,
        Err(e) => panic!("bench settings rejected: {e}"),
    }
}

/// Settings from the smallest filter to the largest the sliders reach,
/// light and heavy loads, few and many hashes.
const SETTINGS: &[(u64, u64, u32)] = &[
    (160, 16, 7),
    (100_000, 10_000, 7),
    (1_000_000, 100_000, 7),
    (1_000_000, 1_000, 32),
    (1_000_000_000, 1, 1),
    (1_000_000_000_000, 1_000_000_000, 32),
    (1_000_000_000_000, 1_000_000_000_000, 1),
];

fn slider_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("lab slider move to all figures");
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    for &(m, n, k) in SETTINGS {
        // Each move starts from a fresh lab, so nothing is cached from the
        // last one: the m slider (selected at start) one step up and the k
        // slider one step down are the moves timed.
        for (name, keys) in [
            ("m up", &[KeyCode::Right][..]),
            ("k down", &[KeyCode::Down, KeyCode::Down, KeyCode::Left][..]),
        ] {
            let id = format!("{m}/{n}/{k} {name}");
            group.bench_function(id, |b| {
                b.iter_batched(
                    || {
                        forget_kept_enclosures();
                        let mut app = lab(m, n, k);
                        // Selecting a slider starts no work; only the last key moves one.
                        for key in &keys[..keys.len() - 1] {
                            app.press(*key);
                        }
                        forget_kept_enclosures();
                        app
                    },
                    |mut app| {
                        app.press(keys[keys.len() - 1]);
                        black_box(app)
                    },
                    BatchSize::PerIteration,
                );
            });
        }
    }
    group.finish();
}

criterion_group!(benches, slider_move);
criterion_main!(benches);
