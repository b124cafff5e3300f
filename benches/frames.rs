//! Frame time of each screen at 200x60: drawing only, with every figure
//! already computed (as the app draws once results have arrived). For each
//! screen several states are timed roughly first and the slowest one is
//! benchmarked, so the figure is the screen's worst frame.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bloomlab::ui::{FrameConfig, Headless, Screen};
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

const WIDTH: u16 = 200;
const HEIGHT: u16 = 60;

fn app(screen: Screen, m: u64, n: u64, k: u32) -> Headless {
    let frame = FrameConfig::screen_at(screen, (m, n, k), WIDTH, HEIGHT);
    match Headless::new(&frame) {
        Ok(app) => app,
        Err(e) => panic!("bench settings rejected: {e}"),
    }
}

/// The states timed for each screen.
fn candidates() -> Vec<(&'static str, Vec<Headless>)> {
    let lab = vec![
        app(Screen::Lab, 160, 16, 7),
        app(Screen::Lab, 100_000, 10_000, 7),
        app(Screen::Lab, 1_000_000, 100_000, 32),
    ];
    let steps = bloomlab::lecture::Lecture::builtin().len();
    let lecture = (0..steps)
        .map(|step| {
            let mut lecture = app(Screen::Lecture, 160, 16, 7);
            for _ in 0..step {
                lecture.press(KeyCode::Right);
            }
            lecture
        })
        .collect();
    // The sandbox at its widest row with 60 keys in it.
    let mut full_sandbox = app(Screen::Sandbox, 160, 16, 7);
    full_sandbox.press(KeyCode::Up);
    for _ in 0..10 {
        full_sandbox.type_text(">");
    }
    full_sandbox.type_text("i");
    for i in 0..60 {
        full_sandbox.type_text(&format!("key-{i}"));
        full_sandbox.press(KeyCode::Enter);
    }
    let sandbox = vec![app(Screen::Sandbox, 160, 16, 7), full_sandbox];
    let sizing = vec![app(Screen::Sizing, 160, 16, 7)];
    vec![
        ("lecture", lecture),
        ("lab", lab),
        ("sandbox", sandbox),
        ("sizing", sizing),
    ]
}

fn buffer() -> Buffer {
    Buffer::empty(Rect::new(0, 0, WIDTH, HEIGHT))
}

fn draw(buf: &mut Buffer, app: &Headless) {
    buf.reset();
    black_box(app).draw(buf);
}

/// The state whose frame takes longest, by a rough median of a few draws.
fn slowest(apps: Vec<Headless>) -> Headless {
    let mut buf = buffer();
    let mut timed: Vec<(Duration, Headless)> = apps
        .into_iter()
        .map(|app| {
            let mut samples: Vec<Duration> = (0..15)
                .map(|_| {
                    let start = Instant::now();
                    draw(&mut buf, &app);
                    start.elapsed()
                })
                .collect();
            samples.sort();
            (samples[samples.len() / 2], app)
        })
        .collect();
    timed.sort_by_key(|(d, _)| *d);
    match timed.pop() {
        Some((_, app)) => app,
        None => panic!("no candidates"),
    }
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst frame 200x60");
    for (name, apps) in candidates() {
        let app = slowest(apps);
        let mut buf = buffer();
        group.bench_function(name, |b| b.iter(|| draw(&mut buf, &app)));
    }
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
