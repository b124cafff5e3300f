//! The lab's answer to one slider move: the time from the key to every
//! figure the lab shows (rates, best k, both charts' exact points and the
//! automatic measurement). Measured two ways:
//!
//! - `on the worker lanes`: as the terminal app computes them, one thread
//!   per kind of figure, all at once, each collected as it lands. The time
//!   is the last figure's, which is what a student waits for. Issue 22's
//!   target is 50 ms at any setting.
//! - `one after another`: every figure on one thread, as `bloomlab render`
//!   does. This is the total work, a ceiling on the above.

use std::hint::black_box;
use std::time::Duration;

use bloomlab::rates::certified::forget_kept_enclosures;
use bloomlab::ui::{FrameConfig, Headless, Screen};
use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, Criterion, SamplingMode, criterion_group, criterion_main,
};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The lab at m, n, k with every figure already computed.
fn lab(m: u64, n: u64, k: u32) -> Headless {
    let frame = FrameConfig::screen_at(Screen::Lab, (m, n, k), 200, 60);
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
    (100_000, 10, 7),
    (200_000, 100, 7),
    (1_000_000_000, 1, 1),
    (1_000_000_000_000, 1_000_000_000, 32),
    (1_000_000_000_000, 1_000_000_000_000, 1),
];

/// The two moves timed: the m slider (selected at start) one step up, and
/// the k slider one step down. The keys before the last only select.
const MOVES: &[(&str, &[KeyCode])] = &[
    ("m up", &[KeyCode::Right]),
    ("k down", &[KeyCode::Down, KeyCode::Down, KeyCode::Left]),
];

/// A fresh lab at m, n, k with the move's slider selected. What earlier
/// runs kept is forgotten first, so the timed move finds only what the lab
/// kept from working out its own setting, as in the app.
fn ready(m: u64, n: u64, k: u32, keys: &[KeyCode]) -> Headless {
    forget_kept_enclosures();
    let mut app = lab(m, n, k);
    for key in &keys[..keys.len() - 1] {
        app.press(*key);
    }
    app
}

/// A group of slow, noisy samples: ten flat samples in about a second.
fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    group
}

fn on_lanes(c: &mut Criterion) {
    let mut group = group(c, "lab slider move on the worker lanes");
    for &(m, n, k) in SETTINGS {
        for &(name, keys) in MOVES {
            group.bench_function(format!("{m}/{n}/{k} {name}"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let mut app = ready(m, n, k, keys);
                        app.start_lanes();
                        let last = KeyEvent::new(keys[keys.len() - 1], KeyModifiers::NONE);
                        match app.key_on_lanes(last, Duration::from_secs(60)) {
                            Some(waited) => total += waited,
                            None => panic!("{m}/{n}/{k} {name}: figures missing after a minute"),
                        }
                        black_box(app);
                    }
                    total
                });
            });
        }
    }
    group.finish();
}

fn slider_move(c: &mut Criterion) {
    let mut group = group(c, "lab slider move, one figure after another");
    for &(m, n, k) in SETTINGS {
        for &(name, keys) in MOVES {
            group.bench_function(format!("{m}/{n}/{k} {name}"), |b| {
                b.iter_batched(
                    || ready(m, n, k, keys),
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

criterion_group!(benches, on_lanes, slider_move);
criterion_main!(benches);
